import { checkDeliveryAddress } from '@loadout/address-rules';
import { type DeliveryAddress, type DeliveryAddressInput } from '@loadout/contracts';
import { addressInvalid } from './address.errors';

/** A new address, checked and normalised. */
export function newAddress(input: DeliveryAddressInput): DeliveryAddress {
  return checked(input);
}

/**
 * An edit: the fields sent replace the stored ones (null clears `line2` or `phone`), and the
 * result is checked as a whole.
 */
export function editedAddress(
  current: DeliveryAddress,
  patch: Partial<DeliveryAddressInput>,
): DeliveryAddress {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value;
  return checked(merged);
}

function checked(input: Record<string, unknown> | DeliveryAddressInput): DeliveryAddress {
  const result = checkDeliveryAddress(input);
  if (!result.ok) throw addressInvalid(result.problems);
  return result.address;
}
