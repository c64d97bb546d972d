export * from './storage-env';
export * from './object-storage';
export * from './object-key';
export * from './storage.errors';
export * from './upload-signature';
export * from './filesystem-object-storage';
export * from './s3-object-storage';
export * from './create-object-storage';
