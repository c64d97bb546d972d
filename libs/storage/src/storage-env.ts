import { z } from '@loadout/config';

/**
 * Object storage settings (architecture §1): `filesystem` (embedded default, `.data/objects`)
 * or `s3` (MinIO or any S3). Extend a service's env schema with `storageEnv.shape`.
 */
export const storageEnv = z.object({
  OBJECT_STORAGE: z.enum(['filesystem', 's3']).default('filesystem'),
  OBJECT_STORAGE_DIR: z.string().default('.data/objects'),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_REGION: z.string().default('eu-west-1'),
  S3_BUCKET: z.string().default('loadout-images'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  /**
   * HMAC key of the filesystem adapter's signed upload URLs; required in that mode (no default:
   * secrets never live in the repo). `npm start` makes one per data directory.
   */
  UPLOAD_SIGNING_SECRET: z.string().min(16).optional(),
});
export type StorageConfig = z.infer<typeof storageEnv>;
