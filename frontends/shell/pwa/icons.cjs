// The app's icons as PNGs, drawn at build time (Node's zlib only): the favicon's crosshair in
// gold on the dark theme colour. `maskable` keeps the mark inside the central 80 % safe zone.
const zlib = require('node:zlib');

const BG = [0x17, 0x1a, 0x12];
const FG = [0xd2, 0xb2, 0x73];

function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The crosshair on a full-bleed square; `scale` shrinks the mark (maskable safe zone). */
function icon(size, { scale = 1, rounded = true } = {}) {
  const c = size / 2;
  const unit = (size / 64) * scale;
  const corner = rounded ? size * (12 / 64) : 0;
  return png(size, size, (x, y) => {
    // Rounded-square background (transparent outside the corners of a non-maskable icon).
    const dx = Math.max(corner - x, x - (size - corner), 0);
    const dy = Math.max(corner - y, y - (size - corner), 0);
    if (corner && dx * dx + dy * dy > corner * corner) return [0, 0, 0, 0];
    const r = Math.hypot(x - c, y - c);
    const ring = Math.abs(r - 18 * unit) <= 2.5 * unit;
    const half = 2.5 * unit;
    const vertical =
      Math.abs(x - c) <= half && Math.abs(y - c) >= 10 * unit && Math.abs(y - c) <= 26 * unit;
    const horizontal =
      Math.abs(y - c) <= half && Math.abs(x - c) >= 10 * unit && Math.abs(x - c) <= 26 * unit;
    return ring || vertical || horizontal ? [...FG, 255] : [...BG, 255];
  });
}

/** File name → PNG bytes, and the manifest's icon list. */
function appIcons() {
  return {
    files: {
      'icons/icon-192.png': icon(192),
      'icons/icon-512.png': icon(512),
      'icons/maskable-512.png': icon(512, { scale: 0.75, rounded: false }),
      'icons/apple-touch-icon.png': icon(180, { rounded: false }),
    },
    manifestIcons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

module.exports = { appIcons, png };
