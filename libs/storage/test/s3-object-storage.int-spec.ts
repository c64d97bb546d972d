import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStorage, createObjectStorage, storageEnv } from '../src';
import { objectStorageContract } from '../src/testing';

// s3rver's built-in account; it does not check signatures, only their shape and expiry.
const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

async function startS3rver() {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'loadout-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describe('S3ObjectStorage contract (in-process s3rver)', () => {
  objectStorageContract(
    async () => {
      const s3 = await startS3rver();
      const storage = await S3ObjectStorage.connect({
        endpoint: s3.endpoint,
        region: 'eu-west-1',
        bucket: 'contract-images',
        ...credentials,
      });
      return { storage, resolveUrl: (url) => url, close: s3.close };
    },
    // s3rver answers 405 to AbortMultipartUpload; real S3 and MinIO implement it.
    { abortsMultipart: false },
  );
});

describe('S3ObjectStorage', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3?.close());

  it('creates its bucket and presigns upload URLs for the public endpoint', async () => {
    const config = storageEnv.parse({
      OBJECT_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_PUBLIC_URL: 'https://objects.loadout.example',
      S3_BUCKET: 'public-images',
      S3_ACCESS_KEY: credentials.accessKey,
      S3_SECRET_KEY: credentials.secretKey,
    });
    const storage = await createObjectStorage(config);
    expect(storage).toBeInstanceOf(S3ObjectStorage);
    await storage.put('images/x/400.webp', Buffer.from('x'), 'image/webp');
    expect(storage.publicUrl('images/x/400.webp')).toBe(
      'https://objects.loadout.example/public-images/images/x/400.webp',
    );
    const single = await storage.createUpload('uploads/u/1', {
      contentType: 'image/jpeg',
      sizeBytes: 1000,
    });
    const url = new URL(single.parts[0]!.url);
    expect(url.origin).toBe('https://objects.loadout.example');
    expect(url.pathname).toBe('/public-images/uploads/u/1');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(single.headers).toEqual({ 'Content-Type': 'image/jpeg' });

    const multi = await storage.createUpload('uploads/u/2', {
      contentType: 'image/jpeg',
      sizeBytes: 10 * 1024 * 1024 + 1,
    });
    expect(multi.parts).toHaveLength(3);
    const part3 = new URL(multi.parts[2]!.url);
    expect(part3.searchParams.get('partNumber')).toBe('3');
    expect(`mpu:${part3.searchParams.get('uploadId')}`).toBe(multi.uploadId);
  });

  it('refuses to start without an endpoint', async () => {
    await expect(createObjectStorage(storageEnv.parse({ OBJECT_STORAGE: 's3' }))).rejects.toThrow(
      /S3_ENDPOINT/,
    );
  });
});
