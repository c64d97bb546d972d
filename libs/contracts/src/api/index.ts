export * from './irish-counties';
export * from './fields';
