export * from './irish-counties';
export * from './fields';
export * from './images';
export * from './listings';
export * from './orders';
export * from './messaging';
export * from './identity';
export * from './admin';
