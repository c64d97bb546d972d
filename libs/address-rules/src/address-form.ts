import {
  IRISH_COUNTIES,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@loadout/contracts';
import { checkDeliveryAddress } from './delivery-address';

/** The fields of an address form, in the order they are shown (and focused on an error). */
export const ADDRESS_FIELDS = [
  'name',
  'line1',
  'line2',
  'town',
  'county',
  'eircode',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What an address form holds: text for every field ('' = empty). */
export type AddressFormValues = Record<AddressField, string>;

/** The counties a form offers (the 26 of the Republic). */
export const ADDRESS_COUNTIES: readonly string[] = IRISH_COUNTIES;

export const emptyAddressForm = (): AddressFormValues => ({
  name: '',
  line1: '',
  line2: '',
  town: '',
  county: '',
  eircode: '',
  phone: '',
});

/** A saved address back into form values (to edit it). */
export const addressFormValues = (a: DeliveryAddress): AddressFormValues => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2 ?? '',
  town: a.town,
  county: a.county,
  eircode: a.eircode,
  phone: a.phone ?? '',
});

/** The form's values as a request body (empty optional fields → null). */
export const addressInput = (v: AddressFormValues): DeliveryAddressInput => ({
  name: v.name,
  line1: v.line1,
  line2: v.line2.trim() || null,
  town: v.town,
  county: v.county,
  eircode: v.eircode,
  phone: v.phone.trim() || null,
});

/** The first message per field, as the services would answer (same rules, same words). */
export function addressFormErrors(v: AddressFormValues): Partial<Record<AddressField, string>> {
  const result = checkDeliveryAddress(addressInput(v));
  if (result.ok) return {};
  const out: Partial<Record<AddressField, string>> = {};
  for (const p of result.problems) out[p.field as AddressField] = p.messages[0];
  return out;
}

/** One line for lists and cards: `12 Main Street, Athlone, Co. Westmeath, N37 X2C4`. */
export function formatAddressLine(a: DeliveryAddress): string {
  return [a.line1, a.line2, a.town, `Co. ${a.county}`, a.eircode].filter(Boolean).join(', ');
}
