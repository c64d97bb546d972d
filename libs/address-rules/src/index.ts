export * from './eircode';
export * from './delivery-address';
export * from './address-form';
