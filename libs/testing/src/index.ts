export * from './stack';
export * from './json-call';
