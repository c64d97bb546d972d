export * from './service-definition';
export * from './service-data-source';
export * from './service.module';
export * from './service-app';
export * from './run';
export * from './unit-of-work';
export * from './dead-letters/dead-letter-store';
export * from './dead-letters/dead-letters.controller';
