import { type ListingImageDto } from '@loadout/contracts';
import { type ImageEntity } from './image.entity';

export const toListingImageDto = (
  e: Pick<ImageEntity, 'id' | 'url' | 'thumbUrl' | 'width' | 'height'>,
): ListingImageDto => ({
  id: e.id,
  url: e.url ?? '',
  thumbUrl: e.thumbUrl ?? '',
  width: e.width ?? 0,
  height: e.height ?? 0,
});

/** Object keys of an image: the browser's original and the two derived WebP files. */
export const imageKeys = (ownerId: string, imageId: string) => ({
  original: `uploads/${ownerId}/${imageId}`,
  large: `images/${imageId}/1200.webp`,
  thumb: `images/${imageId}/400.webp`,
});
