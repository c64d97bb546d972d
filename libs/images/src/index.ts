export {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_SIZES,
  detectImageType,
  processImage,
  type EncodedImage,
  type ImageType,
  type ProcessImageOptions,
  type ProcessedImage,
} from './image-pipeline';
export {
  imageTooLarge,
  imageTooManyPixels,
  imageUnreadable,
  unsupportedImageType,
} from './image.errors';
