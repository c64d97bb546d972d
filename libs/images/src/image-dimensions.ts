/** Longest side taken, in pixels: checked from the header, before any pixel is decoded. */
export const IMAGE_MAX_SIDE = 12_000;
/** Longest side at most this many times the shortest (a 1 × 49,000,000 strip is no photo). */
export const IMAGE_MAX_ASPECT_RATIO = 20;
/** Decoded size limit against decompression bombs (a 10 MB PNG can expand to gigabytes). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

export type DimensionsVerdict = 'ok' | 'bad_dimensions' | 'too_many_pixels';

/**
 * Whether a photo of `width` × `height` (as its header says) may be decoded at all: decoding
 * time follows the pixel count and the shape, so both are bounded before any work is done.
 */
export function judgeDimensions(width: number, height: number): DimensionsVerdict {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    return 'bad_dimensions';
  const longest = Math.max(width, height);
  const shortest = Math.min(width, height);
  if (longest > IMAGE_MAX_SIDE || longest > shortest * IMAGE_MAX_ASPECT_RATIO)
    return 'bad_dimensions';
  if (width * height > IMAGE_MAX_INPUT_PIXELS) return 'too_many_pixels';
  return 'ok';
}
