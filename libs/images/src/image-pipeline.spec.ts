import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { detectImageType, processImage } from './image-pipeline';
import { ImageQueue } from './image-queue';
import { blackPng, GPS_PHOTO_PATH } from './testing';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4a7' } });

describe('detectImageType', () => {
  it('knows JPEG, PNG and WebP by their magic bytes', async () => {
    expect(detectImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(4, 4).webp().toBuffer())).toBe('webp');
  });

  it('knows nothing else, whatever the file claims to be', async () => {
    expect(detectImageType(Buffer.from('just some text, saved as photo.jpg'))).toBeNull();
    expect(detectImageType(await solid(4, 4).gif().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('turns a phone photo upright and strips its EXIF and GPS', async () => {
    const input = readFileSync(GPS_PHOTO_PATH);
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('LoadoutTestCam');
    expect(before.orientation).toBe(6);

    const out = await processImage(input);
    for (const variant of [out.large, out.thumb]) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.data.includes(Buffer.from('LoadoutTestCam'))).toBe(false);
      // Stored 64×32 with orientation 6: shown (and now stored) 32×64.
      expect([meta.width, meta.height]).toEqual([32, 64]);
    }
    // The left half was red; after a 90° clockwise turn red is on top.
    const { data } = await sharp(out.large.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(100);
  });

  it('makes a 1200 px image and a 400 px thumbnail that fit inside the box', async () => {
    const out = await processImage(await solid(3000, 2000).png().toBuffer());
    expect(out.contentType).toBe('image/webp');
    expect(out.sourceType).toBe('png');
    expect([out.large.width, out.large.height]).toEqual([1200, 800]);
    expect([out.thumb.width, out.thumb.height]).toEqual([400, 267]);
    const meta = await sharp(out.thumb.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);
  });

  it('does not enlarge small photos', async () => {
    const out = await processImage(await solid(300, 500).webp().toBuffer());
    expect([out.large.width, out.large.height]).toEqual([300, 500]);
    expect([out.thumb.width, out.thumb.height]).toEqual([240, 400]);
  });

  it('refuses a text file named photo.jpg', async () => {
    await expect(processImage(Buffer.from('not an image at all'))).rejects.toMatchObject({
      code: 'IMAGES.UNSUPPORTED_TYPE',
      message: 'This file is not a JPEG, PNG or WebP image.',
      status: 400,
    });
  });

  it('refuses files above 10 MB before reading them', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(processImage(big)).rejects.toMatchObject({
      code: 'IMAGES.TOO_LARGE',
      message: 'Photos can be at most 10 MB.',
    });
  });

  it('takes a smaller limit for another use (5 MB in messages), in its own words', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(processImage(big, { maxBytes: 5 * 1024 * 1024 })).rejects.toMatchObject({
      code: 'IMAGES.TOO_LARGE',
      message: 'Photos can be at most 5 MB.',
    });
  });

  it('refuses a damaged image with the right magic bytes', async () => {
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    await expect(processImage(jpeg.subarray(0, 200))).rejects.toMatchObject({
      code: 'IMAGES.UNREADABLE',
    });
    await expect(processImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 garbage'))).rejects.toMatchObject({
      code: 'IMAGES.UNREADABLE',
    });
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    // 10000×10000 of one colour compresses to a few kB of PNG but would decode to 300 MB.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(processImage(bomb)).rejects.toMatchObject({ code: 'IMAGES.TOO_MANY_PIXELS' });
  });
});

describe('processImage: the cost of a photo is bounded (issue 22 item 2)', () => {
  it('refuses a 1 × 49,000,000 px PNG (95 KB, under 50 megapixels) from its header, fast', async () => {
    const strip = blackPng(1, 49_000_000);
    expect(strip.length).toBeLessThan(200_000);
    const started = Date.now();
    await expect(processImage(strip)).rejects.toMatchObject({
      code: 'IMAGES.BAD_DIMENSIONS',
      status: 400,
    });
    // It took ~10 s to decode before; the header alone is read now.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses a side above 12,000 px and a shape longer than 20:1 before decoding', async () => {
    await expect(processImage(blackPng(12_001, 1_000))).rejects.toMatchObject({
      code: 'IMAGES.BAD_DIMENSIONS',
    });
    await expect(processImage(blackPng(2_100, 100))).rejects.toMatchObject({
      code: 'IMAGES.BAD_DIMENSIONS',
    });
  });

  it('refuses with 429 IMAGES.BUSY at once when its queue is full, and serves the others', async () => {
    const queue = new ImageQueue({ concurrency: 1, maxWaiting: 1, timeLimitMs: 10_000 });
    const photo = await solid(1600, 1200).jpeg().toBuffer();
    const results = await Promise.allSettled([1, 2, 3].map(() => processImage(photo, { queue })));
    // Each reads its header first (asynchronously), so which of the three comes last varies.
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({
      code: 'IMAGES.BUSY',
      status: 429,
    });
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
