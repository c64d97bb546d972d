import path from 'node:path';

/**
 * A 64×32 JPEG whose EXIF holds a camera make, GPS coordinates (Dublin) and orientation 6, as
 * phones write them (`test/fixtures/make-gps-photo.mjs` made it): what every upload test proves
 * is stripped.
 */
export const GPS_PHOTO_PATH = path.resolve(__dirname, '../../test/fixtures/gps-photo.jpg');
