export * from './service-definition';
export * from './service-data-source';
export * from './service.module';
export * from './service-app';
export * from './run';
export * from './unit-of-work';
