/**
 * Port for binary objects (photos): the local filesystem in embedded mode, MinIO or any S3
 * otherwise (architecture §1). Browsers upload directly to the URLs of `createUpload`.
 */
export interface ObjectStorage {
  readonly kind: 'filesystem' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes; throws `ObjectNotFoundError` (code `STORAGE.NOT_FOUND`) when absent. */
  get(key: string): Promise<Buffer>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser GETs a public object from (relative for the filesystem adapter). */
  publicUrl(key: string): string;
  /**
   * Starts a direct browser upload to `key`: one PUT URL up to `UPLOAD_PART_SIZE_BYTES`,
   * otherwise one URL per part of that size. A failed part is retried by PUTting it again.
   */
  createUpload(key: string, options: CreateUploadOptions): Promise<UploadTarget>;
  /** Assembles the uploaded parts into the object at `key` (parts in any order). */
  completeUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  /** Cancels an upload and drops what was received; cancelling twice is not an error. */
  abortUpload(key: string, uploadId: string): Promise<void>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
}

export interface CreateUploadOptions {
  contentType: string;
  sizeBytes: number;
}

export interface UploadTarget {
  /** Opaque id of this upload in the store. */
  uploadId: string;
  partSizeBytes: number;
  parts: { partNumber: number; url: string }[];
  /** Headers every part PUT must carry. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** S3's smallest part (all but the last); uploads up to this size are one PUT. */
export const UPLOAD_PART_SIZE_BYTES = 5 * 1024 * 1024;
/** How long upload URLs stay valid. */
export const UPLOAD_URL_TTL_SECONDS = 60 * 60;
/** S3's limit on parts per upload. */
export const UPLOAD_MAX_PARTS = 10_000;

/** Number of parts of an upload of `sizeBytes`. */
export function partCount(sizeBytes: number, partSizeBytes = UPLOAD_PART_SIZE_BYTES): number {
  return Math.max(1, Math.ceil(sizeBytes / partSizeBytes));
}

/** Byte length the part `partNumber` (1-based) of an upload must have at most. */
export function partLength(
  sizeBytes: number,
  partNumber: number,
  partSizeBytes = UPLOAD_PART_SIZE_BYTES,
): number {
  const start = (partNumber - 1) * partSizeBytes;
  return Math.max(0, Math.min(partSizeBytes, sizeBytes - start));
}
