/**
 * Image checks and re-encoding (sharp). An upload is trusted by its CONTENT only: the first
 * bytes must be PNG, JPEG or WebP, and sharp must decode the header to the same format within
 * the pixel limit. Every accepted image is decoded, turned upright (EXIF orientation), resized
 * to the widths the web uses and written as WebP without any metadata (EXIF, XMP, ICC: sharp
 * keeps none unless asked; pixels are converted to sRGB).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { imageMessages } from '@frameport/domain/messages/images';
import { AppError } from '../http/errors.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: width × height of the source, checked before decoding pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** WebP cannot hold more than 16383 px on a side; very tall images are fitted inside this. */
const WEBP_MAX_SIDE = 16_383;
const WEBP_QUALITY = 80;

export const PRODUCT_WIDTHS = { thumbnail: 160, card: 480, zoom: 1200 } as const;
export const BANNER_WIDTHS = { desktop: 1600, mobile: 800 } as const;

export type SourceFormat = 'png' | 'jpeg' | 'webp';
export type SourceInfo = { format: SourceFormat; width: number; height: number };
export type EncodedImage = { bytes: Buffer; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the first bytes say, or null (GIF, SVG, PDF, text, … are all null). */
export function sniffFormat(bytes: Uint8Array): SourceFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

function sharpOf(bytes: Buffer) {
  // failOn 'error': a truncated or corrupt file fails instead of decoding to grey pixels.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function rejection(error: unknown): AppError {
  return isPixelLimitError(error)
    ? new AppError('invalid', imageMessages.tooManyPixels)
    : new AppError('invalid', imageMessages.notAnImage);
}

/** Checks magic bytes and decodes the header; throws AppError('invalid') for anything else. */
export async function inspectImage(bytes: Buffer): Promise<SourceInfo> {
  if (bytes.length === 0) throw new AppError('invalid', imageMessages.missing);
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('too_large', imageMessages.tooLarge);
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw new AppError('invalid', imageMessages.notAnImage);
  let metadata: Metadata;
  try {
    metadata = await sharpOf(bytes).metadata();
  } catch (error) {
    throw rejection(error);
  }
  const { format, width, height } = metadata;
  if (format !== sniffed || !width || !height) throw new AppError('invalid', imageMessages.notAnImage);
  // sharp checks the limit too; this also covers formats whose header it reads lazily.
  if (width * height > MAX_INPUT_PIXELS) throw new AppError('invalid', imageMessages.tooManyPixels);
  return { format: sniffed, width, height };
}

/**
 * Decodes `bytes` once per output and writes one WebP per named width (never enlarged: a
 * source narrower than a width keeps its own width). Any decode failure (truncated or corrupt
 * data) is the uploader's: AppError('invalid').
 */
export async function encodeWebp<const T extends Record<string, number>>(
  bytes: Buffer,
  widths: T,
): Promise<{ [K in keyof T]: EncodedImage }> {
  const base = sharpOf(bytes).rotate();
  const entries = Object.entries(widths);
  try {
    const outputs = await Promise.all(
      entries.map(async ([, width]) => {
        const { data, info } = await base
          .clone()
          .resize({ width, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { bytes: data, width: info.width, height: info.height };
      }),
    );
    return Object.fromEntries(entries.map(([name], i) => [name, outputs[i]])) as { [K in keyof T]: EncodedImage };
  } catch (error) {
    throw rejection(error);
  }
}

/**
 * The content address of a set of outputs: the first 24 hex digits of the SHA-256 of all their
 * bytes in order. Files are named `<stem>-<size>.webp`, so the same upload gives the same names
 * and every size of one image shares its stem.
 */
export function contentStem(images: readonly EncodedImage[]): string {
  const hash = createHash('sha256');
  for (const image of images) hash.update(image.bytes);
  return hash.digest('hex').slice(0, 24);
}
