import QRCode from 'qrcode';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { isInterState, placeOfSupply, renderInvoicePdf, type InvoicePdfData } from './invoice-pdf.ts';

const party = (stateName: string, stateCode: string) => ({
  name: 'Asha Rao',
  address: '12 Test Street',
  city: 'City',
  pinCode: '500001',
  stateName,
  stateCode,
});

function order(billTo: [string, string], shipTo: [string, string] | null): InvoicePdfData['order'] {
  return {
    orderRefNo: 'FP/2026-27/000001',
    orderDate: '2026-11-20',
    companyStateCode: '36',
    billTo: { ...party(...billTo), gstin: null },
    shipTo: shipTo ? { ...party(...shipTo), phone: null } : null,
    totalQuantity: 1,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    roundOffPaise: 0,
  };
}

describe('place of supply', () => {
  it('is the recipient’s (bill-to) State, the one the order was taxed on, also when delivery is elsewhere', () => {
    expect(placeOfSupply(order(['Telangana', '36'], null))).toEqual({ stateName: 'Telangana', stateCode: '36' });
    expect(placeOfSupply(order(['Telangana', '36'], ['Karnataka', '29']))).toEqual({ stateName: 'Telangana', stateCode: '36' });
    expect(placeOfSupply(order(['Karnataka', '29'], ['Telangana', '36']))).toEqual({ stateName: 'Karnataka', stateCode: '29' });
  });

  it('agrees with the tax type of an untaxed (0%) order: inter-State exactly when the bill-to State is not the company’s', () => {
    expect(isInterState({ order: order(['Telangana', '36'], ['Karnataka', '29']), lines: [] })).toBe(false);
    expect(isInterState({ order: order(['Karnataka', '29'], ['Telangana', '36']), lines: [] })).toBe(true);
  });
});

const company = {
  name: 'Frameport Eyewear Pvt Ltd',
  address: '1 Optics Road, Hyderabad 500001',
  gstin: '36AABCF1234F1Z5',
  pan: 'AABCF1234F',
  stateName: 'Telangana',
  stateCode: '36',
  phone: '040 1234 5678',
  email: 'accounts@frameport.test',
};

function invoiceData(extra: Pick<InvoicePdfData, 'transport' | 'eInvoice'>): InvoicePdfData {
  return {
    supplier: company,
    invoice: {
      invoiceNo: 'FP/26-27/00042',
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      amountPaise: 1_050_00,
      paidPaise: 0,
      balancePaise: 1_050_00,
    },
    order: { ...order(['Telangana', '36'], null), taxablePaise: 1_000_00, cgstPaise: 25_00, sgstPaise: 25_00 },
    lines: [
      {
        productName: 'Aviator Classic Frame',
        modelName: 'AV-1',
        colourName: 'Gold',
        colorVariant: 'C1',
        sizeName: null,
        hsnCode: '9003',
        quantity: 1,
        unitPricePaise: 1_000_00,
        discountPerUnitPaise: 0,
        taxablePaise: 1_000_00,
        cgstRatePercent: 2.5,
        sgstRatePercent: 2.5,
        igstRatePercent: 0,
        cgstPaise: 25_00,
        sgstPaise: 25_00,
        igstPaise: 0,
        isFree: false,
      },
    ],
    ...extra,
  };
}

// pdf.js decodes images with ArrayBuffer.prototype.transferToFixedLength (Node 21+); on Node 20 the
// page's images would silently be skipped, so the test supplies the method (a copy, as the spec's result).
const arrayBufferProto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
arrayBufferProto.transferToFixedLength ??= function transferToFixedLength(this: ArrayBuffer, length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

async function read(pdf: Buffer) {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: true });
  return { text: text.replace(/\s+/g, ' ').trim(), images: await extractImages(proxy, 1) };
}

/** A signed QR code as the IRP issues one: a JWT (header.payload.signature), about 900 characters. */
const SIGNED_QR =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjQ0NDQwNUM3ODFFNDgyNTA3MkIzNENBNEY4QkRDNjA2Qzg2QjU3MjAiLCJ0eXAiOiJKV1QifQ.' +
  Buffer.from(
    JSON.stringify({
      data: JSON.stringify({
        SellerGstin: company.gstin,
        BuyerGstin: '36AABCT1234F1Z9',
        DocNo: 'FP/26-27/00042',
        DocTyp: 'INV',
        DocDt: '20/11/2026',
        TotInvVal: 1050,
        ItemCnt: 1,
        MainHsnCode: '9003',
        Irn: 'a'.repeat(64),
        IrnDt: '2026-11-20 14:35:00',
      }),
      iss: 'NIC',
    }),
  ).toString('base64url') +
  '.' +
  'S'.repeat(342);

const IRN = '3dc3b5e4d8a6f3a2c1b0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8';

describe('the tax invoice PDF', () => {
  it('prints the consignment’s transport: transporter, docket/AWB, vehicle, dispatch date and e-way bill number', async () => {
    const { text } = await read(
      await renderInvoicePdf(
        invoiceData({
          transport: { transporter: 'Blue Dart', docketNo: 'BD123456789', vehicleNo: 'TS09AB1234', dispatchDate: '2026-11-21', ewayBillNo: '331012345678' },
        }),
      ),
    );
    expect(text).toContain('Transport');
    expect(text).toContain('Transporter: Blue Dart');
    expect(text).toContain('Docket / AWB No.: BD123456789');
    expect(text).toContain('Dispatch date: 21 Nov 2026');
    expect(text).toContain('Vehicle No.: TS09AB1234');
    expect(text).toContain('E-way bill No.: 331012345678');
    expect(text).not.toContain('IRN');
  });

  it('prints a dash for a vehicle and an e-way bill the shipment has not', async () => {
    const { text } = await read(
      await renderInvoicePdf(
        invoiceData({ transport: { transporter: 'DTDC', docketNo: 'D99', vehicleNo: null, dispatchDate: '2026-11-21', ewayBillNo: null } }),
      ),
    );
    expect(text).toContain('Transporter: DTDC');
    expect(text).toContain('Vehicle No.: —');
    expect(text).toContain('E-way bill No.: —');
  });

  it('without a shipment or a registration prints neither block and no image', async () => {
    const { text, images } = await read(await renderInvoicePdf(invoiceData({ transport: null, eInvoice: null })));
    expect(text).not.toContain('Transporter');
    expect(text).not.toContain('IRN');
    expect(text).toContain('TAX INVOICE Original for recipient');
    expect(images).toHaveLength(0);
  });

  it('once registered prints the IRN, Ack No. and Ack Date (India time) and the signed QR code as a QR image', async () => {
    const data = invoiceData({
      transport: null,
      eInvoice: { irn: IRN, ackNo: '112610012345678', ackDate: '2026-11-20T09:05:00.000Z', signedQrCode: SIGNED_QR },
    });
    const pdf = await renderInvoicePdf(data);
    const { text, images } = await read(pdf);
    expect(text).toContain(`IRN: ${IRN}`);
    expect(text).toContain('Ack No.: 112610012345678');
    expect(text).toContain('Ack Date: 20 Nov 2026 14:35');
    expect(images).toHaveLength(1);

    // The image is the QR code of the signed string: sample the centre of every module.
    const qr = QRCode.create(SIGNED_QR, { errorCorrectionLevel: 'M' });
    const image = images[0]!;
    const side = qr.modules.size + 2; // a one-module quiet zone on each side
    expect(image.width).toBe(image.height);
    const moduleWidth = image.width / side;
    const dark = (row: number, col: number) => {
      const x = Math.floor((col + 1.5) * moduleWidth);
      const y = Math.floor((row + 1.5) * moduleWidth);
      return image.data[(y * image.width + x) * image.channels]! < 128;
    };
    let mismatches = 0;
    for (let row = 0; row < qr.modules.size; row++) {
      for (let col = 0; col < qr.modules.size; col++) {
        if (dark(row, col) !== Boolean(qr.modules.get(row, col))) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    // Same data, same bytes.
    expect((await renderInvoicePdf(data)).equals(pdf)).toBe(true);
  });

  it('prints the transport and the e-invoice together on one page', async () => {
    const { text } = await read(
      await renderInvoicePdf(
        invoiceData({
          transport: { transporter: 'Blue Dart', docketNo: 'BD1', vehicleNo: null, dispatchDate: '2026-11-21', ewayBillNo: null },
          eInvoice: { irn: IRN, ackNo: '112610012345678', ackDate: '2026-11-20T09:05:00.000Z', signedQrCode: SIGNED_QR },
        }),
      ),
    );
    expect(text).toContain('Transporter: Blue Dart');
    expect(text).toContain(`IRN: ${IRN}`);
    expect(text).toContain('Page 1 of 1');
  });
});
