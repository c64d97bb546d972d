import { type DeliveryAddressInput } from '@loadout/contracts';

/** A delivery address as a buyer types it (Eircode in lower case, no space). */
export function buildAddress(over: Partial<DeliveryAddressInput> = {}): DeliveryAddressInput {
  return {
    name: 'Aoife Byrne',
    line1: '12 Main Street',
    town: 'Athlone',
    county: 'Westmeath',
    eircode: 'n37x2c4',
    phone: '087 123 4567',
    ...over,
  };
}
