export * from './events';
export * from './api';
