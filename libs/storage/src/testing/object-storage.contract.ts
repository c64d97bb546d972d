import { createHash, randomBytes } from 'node:crypto';
import { type ObjectStorage, type UploadTarget } from '../object-storage';

export interface ObjectStorageHarness {
  storage: ObjectStorage;
  /** Makes a part URL fetchable (the filesystem adapter's URLs are relative). */
  resolveUrl(url: string): string;
  close(): Promise<void>;
}

export interface ObjectStorageContractOptions {
  /** False where the server cannot abort multipart uploads (s3rver); the suite says so. */
  abortsMultipart?: boolean;
}

const MiB = 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const uniqueKey = (prefix: string) => `${prefix}/${randomBytes(6).toString('hex')}`;

/** One behaviour suite for every ObjectStorage adapter, uploads driven by real HTTP PUTs. */
export function objectStorageContract(
  make: () => Promise<ObjectStorageHarness>,
  options: ObjectStorageContractOptions = {},
) {
  let h: ObjectStorageHarness;
  beforeAll(async () => {
    h = await make();
  });
  afterAll(async () => {
    await h?.close();
  });

  const putPart = async (ticket: UploadTarget, partNumber: number, bytes: Buffer) => {
    const part = ticket.parts.find((p) => p.partNumber === partNumber)!;
    const res = await fetch(h.resolveUrl(part.url), {
      method: 'PUT',
      headers: ticket.headers,
      body: bytes,
    });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    return { partNumber, etag: etag! };
  };
  const slice = (ticket: UploadTarget, body: Buffer, n: number) =>
    body.subarray((n - 1) * ticket.partSizeBytes, n * ticket.partSizeBytes);

  it('stores, stats, reads and deletes an object', async () => {
    const key = uniqueKey('images');
    const body = randomBytes(2048);
    await h.storage.put(key, body, 'image/webp');
    expect(await h.storage.stat(key)).toEqual({ size: 2048 });
    expect((await h.storage.get(key)).equals(body)).toBe(true);
    await h.storage.delete(key);
    expect(await h.storage.stat(key)).toBeNull();
    await expect(h.storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces an object written again under the same key', async () => {
    const key = uniqueKey('images');
    await h.storage.put(key, Buffer.from('first'), 'text/plain');
    await h.storage.put(key, Buffer.from('second'), 'text/plain');
    expect((await h.storage.get(key)).toString()).toBe('second');
  });

  it('throws a not-found error for a missing object', async () => {
    await expect(h.storage.get(uniqueKey('missing'))).rejects.toMatchObject({
      code: 'STORAGE.NOT_FOUND',
    });
    expect(await h.storage.stat(uniqueKey('missing'))).toBeNull();
  });

  it('refuses keys that climb out of the store', async () => {
    for (const key of ['../x', 'images/../../x', '/etc/passwd', '', 'a//b', '.uploads/x']) {
      await expect(h.storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
        code: 'STORAGE.INVALID_KEY',
      });
    }
    await expect(
      h.storage.createUpload('../x', { contentType: 'image/jpeg', sizeBytes: 10 }),
    ).rejects.toMatchObject({ code: 'STORAGE.INVALID_KEY' });
  });

  it('gives a public URL ending with the key', () => {
    expect(h.storage.publicUrl('images/abc/400.webp')).toMatch(/\/images\/abc\/400\.webp$/);
  });

  it('takes a small upload as one PUT to the returned URL', async () => {
    const key = uniqueKey('uploads');
    const body = randomBytes(300_000);
    const ticket = await h.storage.createUpload(key, {
      contentType: 'image/jpeg',
      sizeBytes: body.length,
    });
    expect(ticket.parts).toHaveLength(1);
    expect(ticket.partSizeBytes).toBe(5 * MiB);
    expect(ticket.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const part = await putPart(ticket, 1, body);
    await h.storage.completeUpload(key, ticket.uploadId, [part]);
    expect(md5(await h.storage.get(key))).toBe(md5(body));
  });

  it('takes an 11 MiB upload in three 5 MiB parts, a retried part included', async () => {
    const key = uniqueKey('uploads');
    const body = randomBytes(11 * MiB);
    const ticket = await h.storage.createUpload(key, {
      contentType: 'image/png',
      sizeBytes: body.length,
    });
    expect(ticket.parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    const parts = [];
    // Part 2 first goes up with wrong bytes (a failed attempt), then is PUT again.
    await putPart(ticket, 2, randomBytes(5 * MiB));
    for (const n of [3, 2, 1]) parts.push(await putPart(ticket, n, slice(ticket, body, n)));
    await h.storage.completeUpload(key, ticket.uploadId, parts);
    const stored = await h.storage.get(key);
    expect(stored.length).toBe(body.length);
    expect(md5(stored)).toBe(md5(body));
  }, 60_000);

  it('drops a cancelled single upload', async () => {
    const key = uniqueKey('uploads');
    const body = randomBytes(1000);
    const ticket = await h.storage.createUpload(key, {
      contentType: 'image/webp',
      sizeBytes: body.length,
    });
    const part = await putPart(ticket, 1, body);
    await h.storage.abortUpload(key, ticket.uploadId);
    await h.storage.abortUpload(key, ticket.uploadId);
    await expect(h.storage.completeUpload(key, ticket.uploadId, [part])).rejects.toMatchObject({
      code: 'STORAGE.UPLOAD_NOT_FOUND',
    });
    expect(await h.storage.stat(key)).toBeNull();
  });

  if (options.abortsMultipart === false) {
    console.log('skipped: this server cannot abort multipart uploads (cancel multipart case)');
  } else {
    it('drops a cancelled multipart upload', async () => {
      const key = uniqueKey('uploads');
      const body = randomBytes(6 * MiB);
      const ticket = await h.storage.createUpload(key, {
        contentType: 'image/jpeg',
        sizeBytes: body.length,
      });
      const first = await putPart(ticket, 1, slice(ticket, body, 1));
      await h.storage.abortUpload(key, ticket.uploadId);
      await h.storage.abortUpload(key, ticket.uploadId);
      await expect(
        h.storage.completeUpload(key, ticket.uploadId, [first, { partNumber: 2, etag: '"x"' }]),
      ).rejects.toMatchObject({ code: 'STORAGE.UPLOAD_NOT_FOUND' });
      expect(await h.storage.stat(key)).toBeNull();
    }, 30_000);
  }
}
