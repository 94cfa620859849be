import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProductDetail } from '@frameport/domain/contract/admin-catalogue';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { adminProduct, adminVariant, fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';
import { uploadColourImage } from '../api.ts';
import { masters } from '../catalogue-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const image = (id: number, imageType: 'front' | 'side' | 'thumbnail', priority: number) => ({
  id,
  url: `/media/uploads/products/ab/${String(id).padStart(24, '0')}-card.webp`,
  imageName: `x-${id}.webp`,
  imageType,
  priority,
});

function styleWithImages(): AdminProductDetail {
  return adminProduct({
    colours: [adminVariant({ images: [image(71, 'front', 1), image(72, 'side', 2)] }), adminVariant({ id: 502, colourCode: 'C2', frameColour: 'Tortoise', stock: 3 })],
    audit: [
      {
        id: 6,
        action: 'product_images.upload',
        by: { userId: 1, name: 'Admin User', role: 'admin' },
        at: '2026-11-20T06:40:00.000Z',
        details: {
          productColourId: 501,
          colourCode: 'C1',
          added: [
            { id: 71, imageType: 'front', urls: { card: '/media/uploads/products/ab/1-card.webp' } },
            { id: 72, imageType: 'side', urls: { card: '/media/uploads/products/ab/2-card.webp' } },
          ],
          before: [],
          after: [
            { id: 71, imageType: 'front', priority: 1 },
            { id: 72, imageType: 'side', priority: 2 },
          ],
        },
      },
      {
        id: 5,
        action: 'product.update',
        by: { userId: 1, name: 'Admin User', role: 'admin' },
        at: '2026-11-20T06:30:00.000Z',
        details: {
          productCode: 'FP-1001',
          modelNumber: 'FP-1001',
          before: { netPrice: 1100, hsnCode: '9003', 'C2.frameColour': 'Black' },
          after: { netPrice: 1200, hsnCode: '900311', 'C2.frameColour': 'Tortoise' },
        },
      },
    ],
  });
}

async function open(path: string, role = 'Admin', detail: AdminProductDetail = styleWithImages()) {
  // The server's state: image changes stick, as they would.
  let current = detail;
  const withImages = (images: ReturnType<typeof image>[]) => {
    current = { ...current, colours: current.colours.map((colour) => (colour.id === 501 ? { ...colour, images } : colour)) };
    return { data: { productId: 11, productColourId: 501, colourCode: 'C1', images } };
  };
  const server = fakeDeskServer((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/admin/catalogue/masters') return { data: masters() };
    if (url.pathname === '/api/admin/products/11' && method === 'GET') return { data: current };
    if (url.pathname === '/api/admin/products' && method === 'POST') return { data: adminProduct({ id: 99, modelNumber: 'NW-1' }) };
    if (url.pathname === '/api/admin/products/99') return { data: adminProduct({ id: 99, modelNumber: 'NW-1' }) };
    if (url.pathname === '/api/admin/products/11/deactivate' && method === 'POST') {
      current = { ...current, isActive: false };
      return { data: current };
    }
    if (url.pathname === '/api/admin/product-colours/501/image-order') {
      const ids = (JSON.parse(String(init?.body)) as { imageIds: number[] }).imageIds;
      return withImages(ids.map((id, index) => image(id, id === 71 ? 'front' : 'side', index + 1)));
    }
    if (url.pathname === '/api/admin/product-images/71' && method === 'DELETE') {
      return withImages([image(72, 'side', 1)]);
    }
    return undefined;
  }, role);
  signIn();
  const view = renderApp(path);
  return { ...view, server };
}

describe('a new style', () => {
  it('checks the fields with the contract’s messages, shows the GST rate of the HSN code’s longest prefix, and creates the style', async () => {
    const user = userEvent.setup();
    const { server, router } = await open('/admin/products/new');
    const create = await screen.findByRole('button', { name: 'Create style' }, { timeout: 15000 });
    await user.click(create);
    expect(await screen.findByText('Please enter the model number.')).toBeInTheDocument();
    expect(screen.getByText('HSN code must be 4 to 8 digits.')).toBeInTheDocument();
    expect(screen.getByText('Net price must be a number.')).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/products')).toEqual([]);

    const hsn = screen.getByRole('textbox', { name: /HSN code/ });
    await user.type(hsn, '9004');
    expect(screen.getByRole('textbox', { name: 'GST rate' })).toHaveValue('18 % (from the HSN code)');
    await user.type(hsn, '10');
    expect(screen.getByRole('textbox', { name: 'GST rate' })).toHaveValue('5 % (from the HSN code)');

    await user.type(screen.getByRole('textbox', { name: /Model number/ }), 'NW-1');
    await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'New Wave');
    await user.selectOptions(screen.getByRole('combobox', { name: /Brand/ }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Type/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /Net price/ }), '1,499.50');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour 1 frame colour' }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour 1 temple colour' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Colour 1 opening stock' }), '12');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(screen.getByRole('textbox', { name: 'Colour 2 code' })).toHaveValue('C2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour 2 frame colour' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour 2 temple colour' }), '2');
    await user.click(screen.getByRole('button', { name: 'Create style' }));

    await waitFor(() => expect(sentTo(server, '/api/admin/products')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/products')[0]!.body).toMatchObject({
      modelNumber: 'NW-1',
      productName: 'New Wave',
      brandId: 2,
      productTypeId: 2,
      hsnCode: '900410',
      netPrice: 1499.5,
      colours: [
        { colourCode: 'C1', frameColourId: 1, templeColourId: 1, openingStock: 12, lowStockThreshold: null },
        { colourCode: 'C2', frameColourId: 2, templeColourId: 2, openingStock: 0 },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/99'));
    // Some 60 keystrokes and selections: more than the default limit on a busy 2-core machine.
  }, 60_000);
});

describe('a style’s page', () => {
  it('reorders a colour’s images with the arrow buttons and removes one only after asking', async () => {
    const user = userEvent.setup();
    const { server } = await open('/admin/products/11');
    const images = await screen.findByRole('list', { name: /Images of C1/ }, { timeout: 15000 });
    expect(within(images).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['C1 Front view, position 1', 'C1 Side view, position 2']);
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/product-colours/501/image-order', 'PUT')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/product-colours/501/image-order', 'PUT')[0]!.body).toEqual({ imageIds: [72, 71] });
    await waitFor(() => expect(within(images).getAllByRole('img')[0]).toHaveAttribute('alt', 'C1 Side view, position 1'));

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove this image? The catalogue stops showing it at once.');
    expect(sentTo(server, '/api/admin/product-images/71', 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/product-images/71', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('The image was removed.')).toBeInTheDocument();
  });

  it('shows the audit in words: what happened, who, when, and each field before → after with the form’s labels, no ids or URLs', async () => {
    await open('/admin/products/11');
    const audit = await screen.findByRole('region', { name: 'Changes' }, { timeout: 15000 });
    const entries = within(audit).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Images added');
    expect(entries[0]).toHaveTextContent('Admin User');
    expect(entries[0]).toHaveTextContent('C1: 2 images added (front, side view)');
    expect(entries[1]).toHaveTextContent('Style changed');
    expect(entries[1]).toHaveTextContent('Net price: ₹1,100.00 → ₹1,200.00');
    expect(entries[1]).toHaveTextContent('HSN code: 9003 → 900311');
    expect(entries[1]).toHaveTextContent('C2 frame colour: Black → Tortoise');
    expect(audit).not.toHaveTextContent(/product_images|product\.update|media\/uploads|Product code/);
  });

  it('deactivates the style through its own endpoint, only after asking', async () => {
    const user = userEvent.setup();
    const { server } = await open('/admin/products/11');
    server.mockClear();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate style' });
    expect(dialog).toHaveTextContent('Deactivate this style? It disappears from the catalogue and search at once');
    expect(sentTo(server, /\/(de)?activate$|\/bulk$/)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/products/11/deactivate')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/products/bulk')).toEqual([]);
    expect(await screen.findByText('FP-1001 was deactivated.')).toBeInTheDocument();
    // The answer is the style as it now is: the page says Inactive and offers Activate.
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('is read-only for warehouse staff: no Save, no Deactivate, no image controls', async () => {
    await open('/admin/products/11', 'Warehouse');
    await screen.findByRole('list', { name: /Images of C1/ }, { timeout: 15000 });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove image/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Model number/ })).toBeDisabled();
  });
});

describe('uploadColourImage', () => {
  it('sends the file with the session token and reports progress, then answers the colour’s images', async () => {
    signIn();
    const sent: { url?: string; headers: Record<string, string>; body?: FormData } = { headers: {} };
    class FakeXhr {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      abort() {}
      send(body: FormData) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 200;
        this.responseText = JSON.stringify({ Status: 0, Error: null, Data: { productId: 11, productColourId: 501, colourCode: 'C1', images: [image(80, 'front', 1)] } });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const answer = await uploadColourImage(501, new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }), 'web-key-1', (p) => progress.push(p));
    expect(sent.url).toBe('/api/admin/product-colours/501/images');
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
    expect(sent.headers['Idempotency-Key']).toBe('web-key-1');
    expect((sent.body?.get('images') as File).name).toBe('a.png');
    expect(progress).toEqual([0.5, 1]);
    expect(answer.images.map((i) => i.id)).toEqual([80]);
  });

  it('rejects with the server’s message when the upload is refused', async () => {
    class RefusingXhr {
      upload = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror = null;
      onabort = null;
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {
        this.status = 400;
        this.responseText = JSON.stringify({ Status: 1, Error: { Message: 'Please upload a PNG, JPEG or WebP image.', StackTrace: null }, Data: null });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    await expect(uploadColourImage(501, new File(['x'], 'x.png'), 'web-key-2', () => {})).rejects.toThrow('Please upload a PNG, JPEG or WebP image.');
  });
});

describe('uploading a colour’s images', () => {
  it('sends each chosen file with its own Idempotency-Key; Retry after a lost answer sends the file again with the same key', async () => {
    const keys: { name: string; key: string }[] = [];
    let loseNext = true;
    class FlakyXhr {
      upload = { onprogress: null };
      status = 0;
      responseText = '';
      headers: Record<string, string> = {};
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort = null;
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {}
      send(body: FormData) {
        keys.push({ name: (body.get('images') as File).name, key: this.headers['Idempotency-Key'] ?? '' });
        if (loseNext) {
          loseNext = false;
          this.onerror?.();
          return;
        }
        this.status = 200;
        this.responseText = JSON.stringify({ Status: 0, Error: null, Data: { productId: 11, productColourId: 501, colourCode: 'C1', images: [image(71, 'front', 1), image(90 + keys.length, 'side', 2)] } });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FlakyXhr);
    const user = userEvent.setup();
    await open('/admin/products/11');
    const input = await screen.findByLabelText('Add images to C1', {}, { timeout: 15000 });
    await user.upload(input, [new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }), new File([new Uint8Array([2])], 'b.png', { type: 'image/png' })]);
    const uploads = await screen.findByRole('list', { name: 'Uploads to C1' });
    await waitFor(() => expect(within(uploads).getByText('Uploaded')).toBeInTheDocument());
    expect(within(uploads).getByText('Failed')).toBeInTheDocument();
    expect(keys.map((sent) => sent.name)).toEqual(['a.png', 'b.png']);
    expect(keys[0]!.key).toMatch(/^web-/);
    expect(keys[1]!.key).not.toBe(keys[0]!.key);

    await user.click(within(uploads).getByRole('button', { name: 'Retry a.png' }));
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(2));
    expect(keys[2]).toEqual(keys[0]);
  }, 30_000);
});
