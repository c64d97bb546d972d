export * from './object-storage.contract';
export * from './part-server';
