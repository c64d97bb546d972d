import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertObjectKey } from './object-key';
import {
  UPLOAD_PART_SIZE_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  partCount,
  partLength,
  type CompletedPart,
  type CreateUploadOptions,
  type ObjectStorage,
  type UploadTarget,
} from './object-storage';
import {
  ObjectNotFoundError,
  invalidPart,
  signatureExpired,
  signatureInvalid,
  uploadNotFound,
} from './storage.errors';
import { signUploadPart, verifyUploadPartSignature } from './upload-signature';

export interface FilesystemObjectStorageOptions {
  /** Root directory of the objects (OBJECT_STORAGE_DIR). */
  root: string;
  /** HMAC key of the upload URLs (UPLOAD_SIGNING_SECRET). */
  signingSecret: string;
  /** Path prefix of the part route; the listings service serves it behind the gateway. */
  uploadPath?: string;
  /** Path prefix of the public object route. */
  publicPath?: string;
  urlTtlSeconds?: number;
  now?: () => number;
}

/** Query of a part PUT: what `createUpload` put in the URL. */
export interface SignedPartQuery {
  expires?: unknown;
  sig?: unknown;
}

interface UploadManifest {
  key: string;
  contentType: string;
  sizeBytes: number;
  partSizeBytes: number;
  partCount: number;
  expiresAt: number;
}

const STAGING = '.uploads';
const TEMP = '.tmp';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Embedded-mode store: objects are files under `root` (written to a temp file, then renamed),
 * and uploads arrive as signed part PUTs on the service's own route (`receivePart`), staged
 * under `root/.uploads/<uploadId>/` until completed.
 */
export class FilesystemObjectStorage implements ObjectStorage {
  readonly kind = 'filesystem' as const;
  private readonly root: string;
  private readonly uploadPath: string;
  private readonly publicPath: string;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(private readonly options: FilesystemObjectStorageOptions) {
    this.root = path.resolve(options.root);
    this.uploadPath = options.uploadPath ?? '/api/v1/uploads';
    this.publicPath = options.publicPath ?? '/api/v1/images';
    this.ttlSeconds = options.urlTtlSeconds ?? UPLOAD_URL_TTL_SECONDS;
    this.now = options.now ?? Date.now;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    await this.writeAtomic(this.pathOf(key), body);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return `${this.publicPath}/${assertObjectKey(key)}`;
  }

  async createUpload(key: string, options: CreateUploadOptions): Promise<UploadTarget> {
    assertObjectKey(key);
    const uploadId = randomBytes(16).toString('hex');
    const count = partCount(options.sizeBytes);
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const manifest: UploadManifest = {
      key,
      contentType: options.contentType,
      sizeBytes: options.sizeBytes,
      partSizeBytes: UPLOAD_PART_SIZE_BYTES,
      partCount: count,
      expiresAt: expires,
    };
    await mkdir(this.stagingDir(uploadId), { recursive: true });
    await writeFile(this.manifestPath(uploadId), JSON.stringify(manifest));
    const parts = Array.from({ length: count }, (_, i) => {
      const partNumber = i + 1;
      const sig = signUploadPart(this.options.signingSecret, uploadId, partNumber, expires);
      return {
        partNumber,
        url: `${this.uploadPath}/${uploadId}/parts/${partNumber}?expires=${expires}&sig=${sig}`,
      };
    });
    return {
      uploadId,
      partSizeBytes: UPLOAD_PART_SIZE_BYTES,
      parts,
      headers: { 'Content-Type': 'application/octet-stream' },
      expiresAt: new Date(expires * 1000),
    };
  }

  /**
   * Stores one part PUT to a URL from `createUpload` after checking its signature and expiry;
   * returns the part's ETag (quoted MD5, as S3). PUTting the same part again replaces it.
   */
  async receivePart(
    uploadId: string,
    partNumber: number | string,
    body: Buffer,
    query: SignedPartQuery,
  ): Promise<{ etag: string }> {
    const n = Number(partNumber);
    const expires = Number(query.expires);
    if (!UPLOAD_ID.test(uploadId) || !Number.isInteger(n) || n < 1 || !Number.isInteger(expires))
      throw signatureInvalid();
    const sig = typeof query.sig === 'string' ? query.sig : '';
    if (!verifyUploadPartSignature(this.options.signingSecret, uploadId, n, expires, sig))
      throw signatureInvalid();
    if (expires * 1000 <= this.now()) throw signatureExpired();
    const manifest = await this.manifest(uploadId);
    if (n > manifest.partCount) throw invalidPart('That part is not part of this upload.');
    const max = partLength(manifest.sizeBytes, n, manifest.partSizeBytes);
    if (body.length === 0 || body.length > max)
      throw invalidPart(`Part ${n} must be between 1 and ${max} bytes.`);
    await this.writeAtomic(this.partPath(uploadId, n), body);
    return { etag: etagOf(body) };
  }

  async completeUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    const target = this.pathOf(key);
    const manifest = await this.manifest(uploadId);
    if (manifest.key !== key) throw uploadNotFound();
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    if (sorted.length !== manifest.partCount || sorted.some((p, i) => p.partNumber !== i + 1))
      throw invalidPart(`This upload needs parts 1 to ${manifest.partCount}.`);
    for (const part of sorted) {
      let bytes: Buffer;
      try {
        bytes = await readFile(this.partPath(uploadId, part.partNumber));
      } catch (err) {
        if (isMissing(err)) throw invalidPart(`Part ${part.partNumber} has not been uploaded.`);
        throw err;
      }
      if (unquote(part.etag) !== unquote(etagOf(bytes)))
        throw invalidPart(`Part ${part.partNumber} does not match its ETag.`);
    }
    const temp = await this.tempPath();
    try {
      const out = createWriteStream(temp, { flags: 'wx' });
      for (const part of sorted) {
        await pipeline(createReadStream(this.partPath(uploadId, part.partNumber)), out, {
          end: false,
        });
      }
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    await rm(this.stagingDir(uploadId), { recursive: true, force: true });
  }

  async abortUpload(key: string, uploadId: string): Promise<void> {
    assertObjectKey(key);
    if (!UPLOAD_ID.test(uploadId)) return;
    await rm(this.stagingDir(uploadId), { recursive: true, force: true });
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  /** Where staged parts of an upload live (tests check that aborting removes it). */
  stagingDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw uploadNotFound();
    return path.join(this.root, STAGING, uploadId);
  }

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, assertObjectKey(key));
    // Belt and braces on top of the key check: nothing may resolve outside the root.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error('Object key escapes the root');
    return resolved;
  }

  private manifestPath(uploadId: string): string {
    return path.join(this.stagingDir(uploadId), 'upload.json');
  }

  private partPath(uploadId: string, partNumber: number): string {
    return path.join(this.stagingDir(uploadId), `part-${partNumber}`);
  }

  private async manifest(uploadId: string): Promise<UploadManifest> {
    try {
      return JSON.parse(await readFile(this.manifestPath(uploadId), 'utf8')) as UploadManifest;
    } catch (err) {
      if (isMissing(err)) throw uploadNotFound();
      throw err;
    }
  }

  private async tempPath(): Promise<string> {
    const dir = path.join(this.root, TEMP);
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomBytes(12).toString('hex'));
  }

  private async writeAtomic(target: string, body: Buffer): Promise<void> {
    const temp = await this.tempPath();
    try {
      await writeFile(temp, body, { flag: 'wx' });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
}

const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const unquote = (etag: string) => etag.replace(/^(W\/)?"|"$/g, '');
const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';
