import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A 64×32 JPEG whose EXIF holds a camera make, GPS coordinates (Dublin) and orientation 6, as
 * phones write them (`test/fixtures/make-gps-photo.mjs` made it): what every upload test proves
 * is stripped.
 */
export const GPS_PHOTO_PATH = path.resolve(__dirname, '../../test/fixtures/gps-photo.jpg');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 8-bit grayscale PNG of `width` × `height` black pixels, compressed to almost nothing
 * (1 × 49,000,000 is ~95 KB): the extreme-aspect-ratio file of issue 22 item 2, which passes a
 * 50-megapixel limit yet took ~10 s to decode.
 */
export function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8 bits, grayscale, deflate, no filter, no interlace
  const raw = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
