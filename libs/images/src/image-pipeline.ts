import sharp, { type Sharp } from 'sharp';
import { LISTING_LIMITS } from '@loadout/contracts';
import {
  imageTooLarge,
  imageTooManyPixels,
  imageUnreadable,
  unsupportedImageType,
} from './image.errors';

export type ImageType = 'jpeg' | 'png' | 'webp';

export const IMAGE_MAX_BYTES = LISTING_LIMITS.imageMaxBytes;
/** Decoded size limit against decompression bombs (a 10 MB PNG can expand to gigabytes). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_SIZES = { large: 1200, thumb: 400 } as const;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  sourceType: ImageType;
  contentType: 'image/webp';
  /** At most 1200 px on its longest side. */
  large: EncodedImage;
  /** At most 400 px on its longest side. */
  thumb: EncodedImage;
}

export interface ProcessImageOptions {
  /** Largest upload taken, in bytes (default `IMAGE_MAX_BYTES`, the listing photos' 10 MB). */
  maxBytes?: number;
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Buffer, magic: number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

/** The image type by its first bytes; the declared type and the file name are not trusted. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * Checks an uploaded photo and re-encodes it: turned upright by its EXIF orientation, then
 * written as WebP without any metadata (EXIF, GPS, XMP, ICC) at 1200 px and 400 px.
 * Throws validation AppErrors `IMAGES.TOO_LARGE`, `IMAGES.UNSUPPORTED_TYPE`,
 * `IMAGES.TOO_MANY_PIXELS` or `IMAGES.UNREADABLE`.
 */
export async function processImage(
  input: Buffer,
  options: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  if (input.length > maxBytes) throw imageTooLarge(maxBytes);
  const sourceType = detectImageType(input);
  if (!sourceType) throw unsupportedImageType();

  const source = sharp(input, {
    limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
    failOn: 'error',
    // Only the first frame of an animated WebP.
    pages: 1,
  });
  try {
    const meta = await source.metadata();
    if (meta.format !== sourceType) throw imageUnreadable();
    const [large, thumb] = await Promise.all([
      encode(source, IMAGE_SIZES.large, 82),
      encode(source, IMAGE_SIZES.thumb, 78),
    ]);
    return { sourceType, contentType: 'image/webp', large, thumb };
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('IMAGES.')) throw err;
    if (/pixel limit/i.test(String((err as Error).message))) throw imageTooManyPixels();
    throw imageUnreadable();
  }
}

async function encode(source: Sharp, size: number, quality: number): Promise<EncodedImage> {
  // No withMetadata()/keepExif(): sharp writes none of the input's metadata.
  const { data, info } = await source
    .clone()
    .autoOrient()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
