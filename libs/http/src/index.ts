export * from './request-id';
export * from './error.filter';
export * from './validation';
export * from './health';
export * from './metrics';
export * from './platform.module';
export * from './bootstrap';
