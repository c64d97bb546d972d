import { FilesystemObjectStorage } from './filesystem-object-storage';
import { type ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';
import { type StorageConfig } from './storage-env';

/** The adapter OBJECT_STORAGE names; S3 needs S3_ENDPOINT and creates the bucket when missing. */
export async function createObjectStorage(config: StorageConfig): Promise<ObjectStorage> {
  switch (config.OBJECT_STORAGE) {
    case 'filesystem':
      if (!config.UPLOAD_SIGNING_SECRET)
        throw new Error(
          'UPLOAD_SIGNING_SECRET: required when OBJECT_STORAGE=filesystem (16+ random characters)',
        );
      return new FilesystemObjectStorage({
        root: config.OBJECT_STORAGE_DIR,
        signingSecret: config.UPLOAD_SIGNING_SECRET,
      });
    case 's3':
      if (!config.S3_ENDPOINT) throw new Error('S3_ENDPOINT: required when OBJECT_STORAGE=s3');
      return S3ObjectStorage.connect({
        endpoint: config.S3_ENDPOINT,
        publicEndpoint: config.S3_PUBLIC_URL,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET,
        accessKey: config.S3_ACCESS_KEY,
        secretKey: config.S3_SECRET_KEY,
      });
  }
}
