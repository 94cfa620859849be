/**
 * Uploads decide and write here. The order makes a failed upload change nothing:
 *   1. read: the product colour / banner must exist (404 before any heavy work);
 *   2. check and re-encode every image fully (sharp), in memory;
 *   3. put the files (content-addressed, atomic);
 *   4. one transaction: replace the image row(s) + an audit row;
 *   5. if 4 fails, delete the files that step 3 created (never a file that was already there).
 * No file I/O happens inside the transaction, and nothing reads `db` inside it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { uploadMessages } from '@frameport/domain/messages/uploads';
import type { FileStore } from '../../adapters/storage.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { type BannerFlags, type IMAGE_TYPES, banners, productColours, productImages, products } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { BANNER_WIDTHS, PRODUCT_WIDTHS, contentStem, encodeWebp, inspectImage, type EncodedImage } from '../../adapters/images.ts';

/** Stored files are served under this path: `${MEDIA_UPLOADS_PREFIX}/${key}`. */
export const MEDIA_UPLOADS_PREFIX = '/media/uploads';
export const WEBP_CONTENT_TYPE = 'image/webp';

export type ImageType = (typeof IMAGE_TYPES)[number];
export type ProductSize = keyof typeof PRODUCT_WIDTHS;
export type BannerSize = keyof typeof BANNER_WIDTHS;

export type { BannerFlags };

export type ProductImageUpload = {
  productCode: string;
  productColourId: number;
  priority: number;
  imageType: ImageType;
  image: Buffer;
};

export type BannerUpload = {
  /** Replace this banner's images; absent = create a new banner. */
  bannerId?: number | undefined;
  /** Required when creating; when replacing, absent keeps the current title. */
  title?: string | undefined;
  /** When replacing, absent flags keep their current value; when creating they are false. */
  flags: Partial<BannerFlags>;
  image: Buffer;
  mobileImage?: Buffer | undefined;
};

export type ProductImageResult = {
  productColorId: number;
  productCode: string;
  colorVariant: string;
  imageType: ImageType;
  priority: number;
  /** What the catalogue shows: the thumbnail for 'thumbnail', otherwise the card size. */
  url: string;
  urls: Record<ProductSize, string>;
};

export type BannerResult = {
  bannerId: number;
  bannerTitle: string;
  created: boolean;
  urls: Record<BannerSize, string>;
};

/** Where a key is served. */
export function urlOfKey(key: string): string {
  return `${MEDIA_UPLOADS_PREFIX}/${key}`;
}

/** 'products/ab/abcdef…-card.webp': a two-character shard keeps folders small. */
export function keyFor(kind: 'products' | 'banners', stem: string, size: string): string {
  return `${kind}/${stem.slice(0, 2)}/${stem}-${size}.webp`;
}

/** Every key the uploads and profile modules produce (the only paths GET /media/uploads/* serves). */
export const UPLOAD_KEY_PATTERN =
  /^(?:products\/[0-9a-f]{2}\/[0-9a-f]{24}-(?:thumbnail|card|zoom)|banners\/[0-9a-f]{2}\/[0-9a-f]{24}-(?:desktop|mobile)|profiles\/[0-9a-f]{2}\/[0-9a-f]{24}-avatar)\.webp$/;

export type PendingFile = { key: string; bytes: Buffer };

/** Encodes one (inspected) source into the named widths and names the files by their content. */
export async function encodeSet<const T extends Record<string, number>>(
  kind: 'products' | 'banners',
  source: Buffer,
  widths: T,
): Promise<{ files: PendingFile[]; keys: { [K in keyof T]: string } }> {
  const encoded = await encodeWebp(source, widths);
  const names = Object.keys(widths) as (keyof T & string)[];
  const stem = contentStem(names.map((name) => encoded[name] as EncodedImage));
  const keys = Object.fromEntries(names.map((name) => [name, keyFor(kind, stem, name)])) as { [K in keyof T]: string };
  const files = names.map((name) => ({ key: keys[name], bytes: (encoded[name] as EncodedImage).bytes }));
  return { files, keys };
}

export type UploadServiceDeps = { db: Db; clock: Clock; store: FileStore };

/** Writes the files, runs `write` (the transaction), and undoes its own files if that fails. */
export async function storeThenWrite<R>(store: FileStore, files: PendingFile[], write: () => Promise<R>): Promise<R> {
  const created: string[] = [];
  try {
    for (const file of files) {
      const { created: isNew } = await store.put(file.key, file.bytes, WEBP_CONTENT_TYPE);
      if (isNew) created.push(file.key);
    }
    return await write();
  } catch (error) {
    await Promise.allSettled(created.map((key) => store.delete(key)));
    throw error;
  }
}

export function createUploadService({ db, clock, store }: UploadServiceDeps) {

  async function uploadProductImage(identity: Identity, input: ProductImageUpload): Promise<ProductImageResult> {
    const [colour] = await db
      .select({ id: productColours.id, colorVariant: productColours.colorVariant, productCode: products.productCode })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .where(and(eq(productColours.id, input.productColourId), eq(products.productCode, input.productCode)))
      .limit(1);
    if (!colour) throw new AppError('not_found', uploadMessages.colourNotFound);

    await inspectImage(input.image);
    const { files, keys } = await encodeSet('products', input.image, PRODUCT_WIDTHS);
    const urls = {
      thumbnail: urlOfKey(keys.thumbnail),
      card: urlOfKey(keys.card),
      zoom: urlOfKey(keys.zoom),
    };
    const url = input.imageType === 'thumbnail' ? urls.thumbnail : urls.card;
    const imageName = `${colour.productCode}-${colour.colorVariant}-${input.imageType}.webp`;

    await storeThenWrite(store, files, () =>
      db.transaction(async (tx) => {
        // One image per view of a colour: the new one replaces the old row at once.
        await tx
          .delete(productImages)
          .where(and(eq(productImages.productColourId, colour.id), eq(productImages.imageType, input.imageType)));
        const [row] = await tx
          .insert(productImages)
          .values({ productColourId: colour.id, url, imageName, priority: input.priority, imageType: input.imageType })
          .returning({ id: productImages.id });
        await recordAudit(tx, {
          actorUserId: identity.userId,
          action: 'upload_product_image',
          entity: 'product_colour',
          entityId: String(colour.id),
          details: { productCode: colour.productCode, imageType: input.imageType, priority: input.priority, productImageId: row?.id, urls },
          at: clock.now(),
        });
      }),
    );
    return {
      productColorId: colour.id,
      productCode: colour.productCode,
      colorVariant: colour.colorVariant,
      imageType: input.imageType,
      priority: input.priority,
      url,
      urls,
    };
  }

  async function uploadBanner(identity: Identity, input: BannerUpload): Promise<BannerResult> {
    let existingTitle: string | undefined;
    if (input.bannerId !== undefined) {
      const [existing] = await db
        .select({ id: banners.id, title: banners.title })
        .from(banners)
        .where(eq(banners.id, input.bannerId))
        .limit(1);
      if (!existing) throw new AppError('not_found', uploadMessages.bannerNotFound);
      existingTitle = existing.title;
    }
    const title = input.title ?? existingTitle;
    if (title === undefined) throw new AppError('invalid', uploadMessages.bannerTitleRequired);

    // Check both before encoding either: the cheap rejection comes first.
    await inspectImage(input.image);
    if (input.mobileImage) await inspectImage(input.mobileImage);
    let desktopKey: string;
    let mobileKey: string;
    let files: PendingFile[];
    if (input.mobileImage) {
      const desktop = await encodeSet('banners', input.image, { desktop: BANNER_WIDTHS.desktop });
      const mobile = await encodeSet('banners', input.mobileImage, { mobile: BANNER_WIDTHS.mobile });
      desktopKey = desktop.keys.desktop;
      mobileKey = mobile.keys.mobile;
      files = [...desktop.files, ...mobile.files];
    } else {
      const both = await encodeSet('banners', input.image, BANNER_WIDTHS);
      desktopKey = both.keys.desktop;
      mobileKey = both.keys.mobile;
      files = both.files;
    }
    const urls = { desktop: urlOfKey(desktopKey), mobile: urlOfKey(mobileKey) };
    const imageName = desktopKey.slice(desktopKey.lastIndexOf('/') + 1);

    const bannerId = await storeThenWrite(store, files, () =>
      db.transaction(async (tx) => {
        let id: number;
        if (input.bannerId !== undefined) {
          const updated = await tx
            .update(banners)
            .set({
              title,
              imageUrl: urls.desktop,
              imageName,
              mobileImageUrl: urls.mobile,
              ...input.flags,
              modifiedByUserId: identity.userId,
            })
            .where(eq(banners.id, input.bannerId))
            .returning({ id: banners.id });
          if (!updated[0]) throw new AppError('not_found', uploadMessages.bannerNotFound);
          id = updated[0].id;
        } else {
          const [inserted] = await tx
            .insert(banners)
            .values({
              title,
              imageUrl: urls.desktop,
              imageName,
              mobileImageUrl: urls.mobile,
              ...input.flags,
              sortOrder: sql`(select coalesce(max(${banners.sortOrder}), 0) + 1 from ${banners})`,
              createdByUserId: identity.userId,
              modifiedByUserId: identity.userId,
            })
            .returning({ id: banners.id });
          if (!inserted) throw new Error('banner not inserted');
          id = inserted.id;
        }
        await recordAudit(tx, {
          actorUserId: identity.userId,
          action: input.bannerId === undefined ? 'create_banner' : 'replace_banner_images',
          entity: 'banner',
          entityId: String(id),
          details: { title, flags: input.flags, urls },
          at: clock.now(),
        });
        return id;
      }),
    );
    return { bannerId, bannerTitle: title, created: input.bannerId === undefined, urls };
  }

  return { uploadProductImage, uploadBanner };
}

export type UploadService = ReturnType<typeof createUploadService>;
