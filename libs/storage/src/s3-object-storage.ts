import { randomBytes } from 'node:crypto';
import { Client, type ClientOptions } from 'minio';
import { assertObjectKey } from './object-key';
import {
  UPLOAD_MAX_PARTS,
  UPLOAD_PART_SIZE_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  partCount,
  type CompletedPart,
  type CreateUploadOptions,
  type ObjectStorage,
  type UploadTarget,
} from './object-storage';
import { ObjectNotFoundError, invalidPart, uploadNotFound } from './storage.errors';

export interface S3ObjectStorageOptions {
  /** The S3 API as this service reaches it (S3_ENDPOINT), e.g. http://minio:9000. */
  endpoint: string;
  /** The S3 API as browsers reach it (S3_PUBLIC_URL), an origin; defaults to `endpoint`. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKey?: string;
  secretKey?: string;
  urlTtlSeconds?: number;
}

// Upload ids say how the browser uploads: one presigned PUT, or an S3 multipart upload.
const SINGLE = 'put:';
const MULTIPART = 'mpu:';

function clientOptions(endpoint: string, o: S3ObjectStorageOptions): ClientOptions {
  const url = new URL(endpoint);
  if (url.pathname !== '/' && url.pathname !== '')
    throw new Error(`S3 endpoint ${endpoint} must be an origin without a path`);
  const useSSL = url.protocol === 'https:';
  return {
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    region: o.region,
    accessKey: o.accessKey ?? '',
    secretKey: o.secretKey ?? '',
    pathStyle: true,
  };
}

/**
 * MinIO or any S3 through the official `minio` client. Browser upload URLs are presigned by a
 * second client configured with the public endpoint, because the signature covers the host.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  private readonly publicBase: string;
  private readonly ttlSeconds: number;

  private constructor(
    private readonly client: Client,
    private readonly presigner: Client,
    options: S3ObjectStorageOptions,
  ) {
    this.bucket = options.bucket;
    this.publicBase = (options.publicEndpoint ?? options.endpoint).replace(/\/+$/, '');
    this.ttlSeconds = options.urlTtlSeconds ?? UPLOAD_URL_TTL_SECONDS;
  }

  /** Connects and creates the bucket when it is missing. */
  static async connect(options: S3ObjectStorageOptions): Promise<S3ObjectStorage> {
    const client = new Client(clientOptions(options.endpoint, options));
    const presigner = new Client(
      clientOptions(options.publicEndpoint ?? options.endpoint, options),
    );
    if (!(await client.bucketExists(options.bucket))) {
      await client.makeBucket(options.bucket, options.region);
    }
    return new S3ObjectStorage(client, presigner, options);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, assertObjectKey(key), body, body.length, {
      'Content-Type': contentType,
    });
  }

  async get(key: string): Promise<Buffer> {
    try {
      const stream = await this.client.getObject(this.bucket, assertObjectKey(key));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (err) {
      if (isNoSuchKey(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await this.client.statObject(this.bucket, assertObjectKey(key));
      return { size: s.size };
    } catch (err) {
      if (isNoSuchKey(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.removeObject(this.bucket, assertObjectKey(key));
    } catch (err) {
      if (!isNoSuchKey(err)) throw err;
    }
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${this.bucket}/${assertObjectKey(key)}`;
  }

  async createUpload(key: string, options: CreateUploadOptions): Promise<UploadTarget> {
    assertObjectKey(key);
    const count = partCount(options.sizeBytes);
    if (count > UPLOAD_MAX_PARTS) throw invalidPart('That file is too large to upload.');
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const headers = { 'Content-Type': options.contentType };
    if (count === 1) {
      const url = await this.presigner.presignedPutObject(this.bucket, key, this.ttlSeconds);
      return {
        uploadId: SINGLE + randomBytes(8).toString('hex'),
        partSizeBytes: UPLOAD_PART_SIZE_BYTES,
        parts: [{ partNumber: 1, url }],
        headers,
        expiresAt,
      };
    }
    // A copy: minio adds its own request headers (content-length) to the object it is given.
    const s3UploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, {
      ...headers,
    });
    const parts = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        partNumber: i + 1,
        url: await this.presigner.presignedUrl('PUT', this.bucket, key, this.ttlSeconds, {
          partNumber: String(i + 1),
          uploadId: s3UploadId,
        }),
      })),
    );
    return {
      uploadId: MULTIPART + s3UploadId,
      partSizeBytes: UPLOAD_PART_SIZE_BYTES,
      parts,
      headers,
      expiresAt,
    };
  }

  async completeUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    assertObjectKey(key);
    if (uploadId.startsWith(SINGLE)) {
      // The browser PUT the object itself; completing only checks that it arrived.
      if (!(await this.stat(key))) throw uploadNotFound();
      return;
    }
    if (!uploadId.startsWith(MULTIPART)) throw uploadNotFound();
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    if (sorted.length === 0 || sorted.some((p, i) => p.partNumber !== i + 1))
      throw invalidPart('The parts of this upload must be numbered from 1 without gaps.');
    try {
      await this.client.completeMultipartUpload(
        this.bucket,
        key,
        uploadId.slice(MULTIPART.length),
        sorted.map((p) => ({ part: p.partNumber, etag: p.etag.replace(/^"|"$/g, '') })),
      );
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'NoSuchUpload') throw uploadNotFound();
      if (code === 'InvalidPart' || code === 'InvalidPartOrder' || code === 'EntityTooSmall')
        throw invalidPart('The uploaded parts do not match. Please upload the photo again.');
      throw err;
    }
  }

  async abortUpload(key: string, uploadId: string): Promise<void> {
    assertObjectKey(key);
    if (uploadId.startsWith(SINGLE)) {
      await this.delete(key);
      return;
    }
    if (!uploadId.startsWith(MULTIPART)) return;
    try {
      await this.client.abortMultipartUpload(this.bucket, key, uploadId.slice(MULTIPART.length));
    } catch (err) {
      if ((err as { code?: string }).code !== 'NoSuchUpload') throw err;
    }
  }

  async ping(): Promise<void> {
    await this.client.bucketExists(this.bucket);
  }
}

const isNoSuchKey = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
};
