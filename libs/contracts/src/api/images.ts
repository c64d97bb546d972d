/** The photo types every upload takes (listing photos, photos in messages). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * What the image pipeline (`@loadout/images`) refuses a photo with, word for word; clients
 * check a file first with the same words.
 */
export const IMAGE_REFUSAL = {
  unsupportedType: {
    code: 'IMAGES.UNSUPPORTED_TYPE',
    message: 'This file is not a JPEG, PNG or WebP image.',
  },
  /** `maxBytes` in whole mebibytes, shown as MB (10 MB for listing photos, 5 MB in messages). */
  tooLarge: (maxBytes: number) => ({
    code: 'IMAGES.TOO_LARGE',
    message: `Photos can be at most ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  }),
} as const;
