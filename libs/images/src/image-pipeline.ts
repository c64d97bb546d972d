import sharp, { type Sharp } from 'sharp';
import { LISTING_LIMITS } from '@loadout/contracts';
import { IMAGE_MAX_INPUT_PIXELS, judgeDimensions } from './image-dimensions';
import { ImageQueue } from './image-queue';
import {
  imageBadDimensions,
  imageTooComplex,
  imageTooLarge,
  imageTooManyPixels,
  imageUnreadable,
  unsupportedImageType,
} from './image.errors';

export type ImageType = 'jpeg' | 'png' | 'webp';

export const IMAGE_MAX_BYTES = LISTING_LIMITS.imageMaxBytes;
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
  /** Where the decoding waits for its turn; default one queue per process with the defaults. */
  queue?: ImageQueue;
}

let processQueue: ImageQueue | undefined;
const defaultQueue = () => (processQueue ??= new ImageQueue());

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
 * `IMAGES.BAD_DIMENSIONS`, `IMAGES.TOO_MANY_PIXELS`, `IMAGES.TOO_COMPLEX` or
 * `IMAGES.UNREADABLE`, and 429 `IMAGES.BUSY` when the queue is full (issue 22 item 2): the
 * size is judged from the header before any pixel is decoded, and decoding runs in the
 * bounded queue with a time limit.
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
    // Only the first frame of an animated WebP (and of any other many-frame file).
    pages: 1,
  });
  const queue = options.queue ?? defaultQueue();
  const seconds = Math.max(1, Math.ceil(queue.options.timeLimitMs / 1000));
  try {
    // The header only: no pixel is decoded until the size and shape are judged.
    const meta = await source.metadata();
    if (meta.format !== sourceType) throw imageUnreadable();
    const verdict = judgeDimensions(meta.width ?? 0, meta.height ?? 0);
    if (verdict === 'bad_dimensions') throw imageBadDimensions();
    if (verdict === 'too_many_pixels') throw imageTooManyPixels();
    return await queue.run(async () => {
      const [large, thumb] = await Promise.all([
        encode(source, IMAGE_SIZES.large, 82, seconds),
        encode(source, IMAGE_SIZES.thumb, 78, seconds),
      ]);
      return { sourceType, contentType: 'image/webp' as const, large, thumb };
    });
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('IMAGES.')) throw err;
    const message = String((err as Error).message);
    if (/pixel limit/i.test(message)) throw imageTooManyPixels();
    if (/timeout/i.test(message)) throw imageTooComplex();
    throw imageUnreadable();
  }
}

async function encode(
  source: Sharp,
  size: number,
  quality: number,
  timeoutSeconds: number,
): Promise<EncodedImage> {
  // No withMetadata()/keepExif(): sharp writes none of the input's metadata. libvips stops the
  // work itself after `timeoutSeconds`, so the queue's slot is really free again.
  const { data, info } = await source
    .clone()
    .timeout({ seconds: timeoutSeconds })
    .autoOrient()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
