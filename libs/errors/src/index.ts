export * from './error-body';
export * from './app-error';
