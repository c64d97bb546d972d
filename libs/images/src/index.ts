export {
  IMAGE_MAX_ASPECT_RATIO,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_MAX_SIDE,
  judgeDimensions,
  type DimensionsVerdict,
} from './image-dimensions';
export { DEFAULT_IMAGE_QUEUE, ImageQueue, type ImageQueueOptions } from './image-queue';
export {
  IMAGE_MAX_BYTES,
  IMAGE_SIZES,
  detectImageType,
  processImage,
  type EncodedImage,
  type ImageType,
  type ProcessImageOptions,
  type ProcessedImage,
} from './image-pipeline';
export {
  imageBadDimensions,
  imageTooComplex,
  imagesBusy,
  imageTooLarge,
  imageTooManyPixels,
  imageUnreadable,
  unsupportedImageType,
} from './image.errors';
export { imageQueueOf, imagesEnv, type ImagesConfig } from './images-env';
