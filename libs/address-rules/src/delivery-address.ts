import {
  ADDRESS_LIMITS,
  isIrishCounty,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@loadout/contracts';
import { EIRCODE_MESSAGE, normaliseEircode } from './eircode';

/** One field's problems, the same shape as the HTTP validation pipe's `details`. */
export interface AddressProblem {
  field: keyof DeliveryAddressInput;
  messages: string[];
}

export type AddressCheck =
  { ok: true; address: DeliveryAddress } | { ok: false; problems: AddressProblem[] };

const PHONE = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Checks and normalises an address (form and services alike): text trimmed, empty optional
 * fields → null, Eircode normalised. Anything not a string counts as missing.
 */
export function checkDeliveryAddress(
  input: Partial<Record<keyof DeliveryAddressInput, unknown>>,
): AddressCheck {
  const problems: AddressProblem[] = [];
  const fail = (field: keyof DeliveryAddressInput, message: string) =>
    problems.push({ field, messages: [message] });
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

  const required = (field: 'name' | 'line1' | 'town', label: string, max: number) => {
    const v = text(input[field]);
    if (!v) fail(field, `${label} is required.`);
    else if (v.length > max) fail(field, `${label} must be at most ${max} characters.`);
    else if (CONTROL.test(v)) fail(field, `${label} must be one line of text.`);
    return v;
  };
  const name = required('name', 'Name', ADDRESS_LIMITS.name);
  const line1 = required('line1', 'Address line 1', ADDRESS_LIMITS.line);
  const line2 = text(input.line2);
  if (line2.length > ADDRESS_LIMITS.line)
    fail('line2', `Address line 2 must be at most ${ADDRESS_LIMITS.line} characters.`);
  else if (CONTROL.test(line2)) fail('line2', 'Address line 2 must be one line of text.');
  const town = required('town', 'Town', ADDRESS_LIMITS.town);

  const county = input.county;
  if (!isIrishCounty(county)) fail('county', 'County must be one of the 26 counties.');

  const eircode = normaliseEircode(text(input.eircode));
  if (!eircode) fail('eircode', EIRCODE_MESSAGE);

  const phone = text(input.phone);
  if (phone && !PHONE.test(phone))
    fail('phone', 'Enter a phone number of 7 to 20 digits, spaces or +, or leave it empty.');

  if (problems.length > 0 || !isIrishCounty(county) || !eircode) return { ok: false, problems };
  return {
    ok: true,
    address: {
      name,
      line1,
      line2: line2 || null,
      town,
      county,
      eircode,
      phone: phone || null,
    },
  };
}
