export * from './storage-env';
