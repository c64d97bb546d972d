import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FilesystemObjectStorage, createObjectStorage, signUploadPart, storageEnv } from '../src';
import { objectStorageContract, startPartServer } from '../src/testing';

const SECRET = 'test-upload-signing-secret';

describe('FilesystemObjectStorage contract', () => {
  objectStorageContract(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'loadout-objects-'));
    const storage = new FilesystemObjectStorage({ root, signingSecret: SECRET });
    const server = await startPartServer(storage);
    return {
      storage,
      resolveUrl: (url) => server.origin + url,
      close: async () => {
        await server.close();
        rmSync(root, { recursive: true, force: true });
      },
    };
  });
});

describe('FilesystemObjectStorage', () => {
  let root: string;
  let clock: number;
  let storage: FilesystemObjectStorage;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'loadout-objects-'));
    clock = Date.UTC(2026, 0, 1);
    storage = new FilesystemObjectStorage({ root, signingSecret: SECRET, now: () => clock });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const ticketFor = (sizeBytes = 100) =>
    storage.createUpload('uploads/u1/img1', { contentType: 'image/jpeg', sizeBytes });
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('hands out relative, signed part URLs on the listings route', async () => {
    const ticket = await ticketFor();
    expect(ticket.parts[0]!.url).toMatch(
      new RegExp(`^/api/v1/uploads/${ticket.uploadId}/parts/1\\?expires=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(ticket.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
    expect(storage.publicUrl('images/a/400.webp')).toBe('/api/v1/images/images/a/400.webp');
  });

  it('accepts a correctly signed part and returns its quoted MD5 as ETag', async () => {
    const ticket = await ticketFor();
    const body = Buffer.from('hello');
    const { etag } = await storage.receivePart(
      ticket.uploadId,
      1,
      body,
      queryOf(ticket.parts[0]!.url),
    );
    expect(etag).toBe('"5d41402abc4b2a76b9719d911017c592"');
  });

  it('refuses a tampered signature, another part number and an expired link', async () => {
    const ticket = await ticketFor(6 * 1024 * 1024);
    const q = queryOf(ticket.parts[0]!.url);
    const body = Buffer.from('x');
    const flipped = (q['sig']![0] === 'a' ? 'b' : 'a') + q['sig']!.slice(1);
    await expect(
      storage.receivePart(ticket.uploadId, 1, body, { ...q, sig: flipped }),
    ).rejects.toMatchObject({ code: 'STORAGE.SIGNATURE_INVALID', status: 403 });
    await expect(storage.receivePart(ticket.uploadId, 2, body, q)).rejects.toMatchObject({
      code: 'STORAGE.SIGNATURE_INVALID',
    });
    await expect(
      storage.receivePart(ticket.uploadId, 1, body, {
        ...q,
        expires: String(Number(q['expires']) + 3600),
      }),
    ).rejects.toMatchObject({ code: 'STORAGE.SIGNATURE_INVALID' });
    await expect(storage.receivePart(ticket.uploadId, 1, body, {})).rejects.toMatchObject({
      code: 'STORAGE.SIGNATURE_INVALID',
    });
    clock += 2 * 3600 * 1000;
    await expect(storage.receivePart(ticket.uploadId, 1, body, q)).rejects.toMatchObject({
      code: 'STORAGE.SIGNATURE_EXPIRED',
    });
  });

  it('refuses a part larger than the upload declared', async () => {
    const ticket = await ticketFor(10);
    await expect(
      storage.receivePart(ticket.uploadId, 1, randomBytes(11), queryOf(ticket.parts[0]!.url)),
    ).rejects.toMatchObject({ code: 'STORAGE.INVALID_PART' });
  });

  it('refuses a signed part for an upload that does not exist', async () => {
    const uploadId = randomBytes(16).toString('hex');
    const expires = Math.floor(clock / 1000) + 60;
    const sig = signUploadPart(SECRET, uploadId, 1, expires);
    await expect(
      storage.receivePart(uploadId, 1, Buffer.from('x'), { expires: String(expires), sig }),
    ).rejects.toMatchObject({ code: 'STORAGE.UPLOAD_NOT_FOUND' });
    await expect(
      storage.receivePart('../../etc', 1, Buffer.from('x'), { expires: String(expires), sig }),
    ).rejects.toMatchObject({ code: 'STORAGE.SIGNATURE_INVALID' });
  });

  it('removes the staged parts when an upload is cancelled or completed', async () => {
    const cancelled = await ticketFor();
    await storage.receivePart(
      cancelled.uploadId,
      1,
      Buffer.from('abc'),
      queryOf(cancelled.parts[0]!.url),
    );
    expect(existsSync(storage.stagingDir(cancelled.uploadId))).toBe(true);
    await storage.abortUpload('uploads/u1/img1', cancelled.uploadId);
    expect(existsSync(storage.stagingDir(cancelled.uploadId))).toBe(false);

    const done = await ticketFor();
    const part = await storage.receivePart(
      done.uploadId,
      1,
      Buffer.from('abc'),
      queryOf(done.parts[0]!.url),
    );
    await storage.completeUpload('uploads/u1/img1', done.uploadId, [{ partNumber: 1, ...part }]);
    expect(existsSync(storage.stagingDir(done.uploadId))).toBe(false);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses to complete with a wrong ETag or a missing part', async () => {
    const ticket = await ticketFor();
    await storage.receivePart(
      ticket.uploadId,
      1,
      Buffer.from('abc'),
      queryOf(ticket.parts[0]!.url),
    );
    await expect(
      storage.completeUpload('uploads/u1/img1', ticket.uploadId, [{ partNumber: 1, etag: '"0"' }]),
    ).rejects.toMatchObject({ code: 'STORAGE.INVALID_PART' });
    await expect(
      storage.completeUpload('uploads/u1/img1', ticket.uploadId, []),
    ).rejects.toMatchObject({ code: 'STORAGE.INVALID_PART' });
    await expect(
      storage.completeUpload('uploads/u1/other', ticket.uploadId, []),
    ).rejects.toMatchObject({ code: 'STORAGE.UPLOAD_NOT_FOUND' });
  });

  it('keeps files inside its root', async () => {
    await storage.put('images/a/b.webp', Buffer.from('x'), 'image/webp');
    expect(existsSync(path.join(root, 'images/a/b.webp'))).toBe(true);
    await expect(storage.get('../outside')).rejects.toMatchObject({ code: 'STORAGE.INVALID_KEY' });
    await expect(storage.delete('images/../../x')).rejects.toMatchObject({
      code: 'STORAGE.INVALID_KEY',
    });
  });

  it('is what the factory builds by default', async () => {
    const config = storageEnv.parse({
      OBJECT_STORAGE_DIR: root,
      UPLOAD_SIGNING_SECRET: 'factory-test-signing-secret',
    });
    const made = await createObjectStorage(config);
    expect(made).toBeInstanceOf(FilesystemObjectStorage);
  });

  it('will not sign upload URLs without a configured secret', async () => {
    const config = storageEnv.parse({ OBJECT_STORAGE_DIR: root });
    await expect(createObjectStorage(config)).rejects.toThrow(
      'UPLOAD_SIGNING_SECRET: required when OBJECT_STORAGE=filesystem',
    );
  });
});
