export * from './eircode';
export * from './delivery-address';
