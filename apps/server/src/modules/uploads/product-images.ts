/**
 * The catalogue desk's images of one colour variant: several uploaded at once, a view set, the
 * order changed, one removed. Same order of work as service.ts, so a failed call changes nothing:
 *   1. read the colour (404 before any heavy work);
 *   2. check and re-encode every file in memory (one bad file refuses the whole upload);
 *   3. put the files (content-addressed, atomic);
 *   4. one transaction: lock the colour, write the rows, one audit row (entity 'product', the style);
 *   5. if 4 fails, delete the files that 3 created.
 * An upload with an Idempotency-Key (http/idempotency.ts) claims the key in step 4's transaction:
 * a retry of it answers what the first answered and adds no second copy.
 * A colour keeps at most one front and one thumbnail: making an image either turns the one that
 * was into a side view. Priorities are 1…n in the order staff set.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  imageDeskMessages,
  MAX_IMAGES_PER_COLOUR,
  MAX_IMAGES_PER_UPLOAD,
  type AdminImageType,
  type ColourImagesResponse,
} from '@frameport/domain/contract';
import { PRODUCT_WIDTHS, inspectImage } from '../../adapters/images.ts';
import type { FileStore } from '../../adapters/storage.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { productColours, productImages, products } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { Identity } from '../../http/identity.ts';
import { encodeSet, storeThenWrite, urlOfKey, type PendingFile } from './service.ts';

type ColourRef = { id: number; productId: number; productCode: string; colourCode: string };
type ImageRow = { id: number; url: string; imageName: string; imageType: AdminImageType; priority: number };

/** The thumbnail view shows the 160 px file, the others the 480 px card (same stem, see service.ts). */
const SIZED_URL = /^(\/media\/uploads\/products\/[0-9a-f]{2}\/[0-9a-f]{24})-(thumbnail|card)\.webp$/;
function urlForType(url: string, type: AdminImageType): string {
  const match = SIZED_URL.exec(url);
  if (!match) return url;
  return `${match[1]}-${type === 'thumbnail' ? 'thumbnail' : 'card'}.webp`;
}

function imageSnapshot(images: ImageRow[]) {
  return images.map((image) => ({ id: image.id, imageType: image.imageType, priority: image.priority }));
}

export type ProductImageDeskDeps = { db: Db; clock: Clock; store: FileStore };

export function createProductImageDesk({ db, clock, store }: ProductImageDeskDeps) {
  async function colourOf(dbx: Db | Tx, productColourId: number, lock = false): Promise<ColourRef> {
    const query = dbx
      .select({
        id: productColours.id,
        productId: productColours.productId,
        productCode: products.productCode,
        colourCode: productColours.colorVariant,
      })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .where(eq(productColours.id, productColourId))
      .limit(1);
    const [colour] = lock ? await query.for('update', { of: productColours }) : await query;
    if (!colour) throw new AppError('not_found', imageDeskMessages.colourNotFound);
    return colour;
  }

  async function imagesOf(tx: Tx, productColourId: number): Promise<ImageRow[]> {
    return tx
      .select({
        id: productImages.id,
        url: productImages.url,
        imageName: productImages.imageName,
        imageType: productImages.imageType,
        priority: productImages.priority,
      })
      .from(productImages)
      .where(eq(productImages.productColourId, productColourId))
      .orderBy(asc(productImages.priority), asc(productImages.id));
  }

  function answer(colour: ColourRef, images: ImageRow[]): ColourImagesResponse {
    return { productId: colour.productId, productColourId: colour.id, colourCode: colour.colourCode, images };
  }

  /** The colour's image of `type` other than `keepId` (front and thumbnail are one each) becomes a side view. */
  async function demoteOthers(tx: Tx, colourId: number, type: AdminImageType, keepId: number) {
    if (type === 'side') return;
    const others = await tx
      .select({ id: productImages.id, url: productImages.url })
      .from(productImages)
      .where(and(eq(productImages.productColourId, colourId), eq(productImages.imageType, type), sql`${productImages.id} <> ${keepId}`));
    for (const other of others) {
      await tx.update(productImages).set({ imageType: 'side', url: urlForType(other.url, 'side') }).where(eq(productImages.id, other.id));
    }
  }

  async function audit(tx: Tx, identity: Identity, action: string, colour: ColourRef, details: Record<string, unknown>) {
    await recordAudit(tx, {
      actorUserId: identity.userId,
      action,
      entity: 'product',
      entityId: String(colour.productId),
      details: { productColourId: colour.id, colourCode: colour.colourCode, ...details },
      at: clock.now(),
    });
  }

  /** `request` (the upload's call) makes it idempotent under its Idempotency-Key header, when it has one. */
  async function upload(
    identity: Identity,
    productColourId: number,
    input: { images: Buffer[]; imageType?: AdminImageType | undefined },
    request?: FastifyRequest,
  ): Promise<ColourImagesResponse> {
    if (input.images.length > MAX_IMAGES_PER_UPLOAD) throw new AppError('invalid', imageDeskMessages.tooManyFiles);
    if (input.imageType !== undefined && input.imageType !== 'side' && input.images.length > 1) {
      throw new AppError('invalid', imageDeskMessages.oneFrontOnly);
    }
    await colourOf(db, productColourId); // 404 before any heavy work
    // Check every file before encoding any: one bad file refuses the upload cheaply.
    for (const image of input.images) await inspectImage(image);
    const sets: { files: PendingFile[]; urls: Record<keyof typeof PRODUCT_WIDTHS, string> }[] = [];
    for (const image of input.images) {
      const { files, keys } = await encodeSet('products', image, PRODUCT_WIDTHS);
      sets.push({ files, urls: { thumbnail: urlOfKey(keys.thumbnail), card: urlOfKey(keys.card), zoom: urlOfKey(keys.zoom) } });
    }
    return storeThenWrite(
      store,
      sets.flatMap((set) => set.files),
      () => {
        const write = async (tx: Tx) => {
          const locked = await colourOf(tx, productColourId, true);
          const before = await imagesOf(tx, locked.id);
          if (before.length + sets.length > MAX_IMAGES_PER_COLOUR) throw new AppError('invalid', imageDeskMessages.tooManyOnColour);
          let hasFront = before.some((image) => image.imageType === 'front');
          let priority = before.reduce((max, image) => Math.max(max, image.priority), 0);
          const added: { id: number; imageType: AdminImageType; urls: Record<string, string> }[] = [];
          for (const set of sets) {
            const type: AdminImageType = input.imageType ?? (hasFront ? 'side' : 'front');
            if (type === 'front') hasFront = true;
            priority += 1;
            const [row] = await tx
              .insert(productImages)
              .values({
                productColourId: locked.id,
                url: type === 'thumbnail' ? set.urls.thumbnail : set.urls.card,
                imageName: `${locked.productCode}-${locked.colourCode}-${priority}.webp`,
                priority,
                imageType: type,
              })
              .returning({ id: productImages.id });
            if (!row) throw new Error('product image not inserted');
            await demoteOthers(tx, locked.id, type, row.id);
            added.push({ id: row.id, imageType: type, urls: set.urls });
          }
          const after = await imagesOf(tx, locked.id);
          await audit(tx, identity, 'product_images.upload', locked, { added, before: imageSnapshot(before), after: imageSnapshot(after) });
          return answer(locked, after);
        };
        return request === undefined ? db.transaction(write) : idempotent(db, request, write);
      },
    );
  }

  /** The image and its colour, the colour locked. */
  async function lockImage(tx: Tx, imageId: number): Promise<{ colour: ColourRef; before: ImageRow[]; image: ImageRow }> {
    const [ref] = await tx
      .select({ colourId: productImages.productColourId })
      .from(productImages)
      .where(eq(productImages.id, imageId))
      .limit(1);
    if (!ref) throw new AppError('not_found', imageDeskMessages.imageNotFound);
    const colour = await colourOf(tx, ref.colourId, true);
    const before = await imagesOf(tx, colour.id);
    const image = before.find((row) => row.id === imageId);
    if (!image) throw new AppError('not_found', imageDeskMessages.imageNotFound);
    return { colour, before, image };
  }

  async function setType(identity: Identity, imageId: number, type: AdminImageType): Promise<ColourImagesResponse> {
    return db.transaction(async (tx) => {
      const { colour, before, image } = await lockImage(tx, imageId);
      if (image.imageType === type) return answer(colour, before);
      await tx.update(productImages).set({ imageType: type, url: urlForType(image.url, type) }).where(eq(productImages.id, imageId));
      await demoteOthers(tx, colour.id, type, imageId);
      const after = await imagesOf(tx, colour.id);
      await audit(tx, identity, 'product_images.set_type', colour, {
        productImageId: imageId,
        before: imageSnapshot(before),
        after: imageSnapshot(after),
      });
      return answer(colour, after);
    });
  }

  async function reorder(identity: Identity, productColourId: number, imageIds: number[]): Promise<ColourImagesResponse> {
    return db.transaction(async (tx) => {
      const colour = await colourOf(tx, productColourId, true);
      const before = await imagesOf(tx, colour.id);
      const current = new Set(before.map((image) => image.id));
      if (imageIds.length !== current.size || imageIds.some((id) => !current.has(id))) {
        throw new AppError('conflict', imageDeskMessages.orderMismatch);
      }
      if (imageIds.every((id, index) => before[index]?.id === id && before[index]?.priority === index + 1)) {
        return answer(colour, before);
      }
      for (const [index, id] of imageIds.entries()) {
        await tx.update(productImages).set({ priority: index + 1 }).where(eq(productImages.id, id));
      }
      const after = await imagesOf(tx, colour.id);
      await audit(tx, identity, 'product_images.reorder', colour, { before: imageSnapshot(before), after: imageSnapshot(after) });
      return answer(colour, after);
    });
  }

  /** Removes the row; the files stay in the store (other rows may share them; no garbage collection yet). */
  async function remove(identity: Identity, imageId: number): Promise<ColourImagesResponse> {
    return db.transaction(async (tx) => {
      const { colour, before, image } = await lockImage(tx, imageId);
      await tx.delete(productImages).where(inArray(productImages.id, [imageId]));
      const after = await imagesOf(tx, colour.id);
      await audit(tx, identity, 'product_images.remove', colour, {
        productImageId: imageId,
        removed: { id: image.id, imageType: image.imageType, url: image.url },
        before: imageSnapshot(before),
        after: imageSnapshot(after),
      });
      return answer(colour, after);
    });
  }

  return { upload, setType, reorder, remove };
}

export type ProductImageDesk = ReturnType<typeof createProductImageDesk>;
