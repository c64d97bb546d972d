export * from './muzzle-energy';
export * from './listing-validation';
