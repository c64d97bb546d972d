export * from './key-value-store';
export * from './memory-key-value-store';
export * from './redis-client';
export * from './redis-key-value-store';
export * from './create-key-value-store';
