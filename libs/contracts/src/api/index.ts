export * from './irish-counties';
export * from './fields';
export * from './listings';
