import {
  type CreateFieldRequest,
  type FieldDto,
  type GameType,
  type Weekday,
} from '@loadout/contracts';
import { type FieldErrors } from '@loadout/ui';
import { serverFieldErrors } from '@loadout/web';

/** The field form's values: text as typed, choices as arrays and a box. */
export interface FieldFormValues {
  name: string;
  county: string;
  address: string;
  eircode: string;
  website: string;
  phone: string;
  description: string;
  gameTypes: GameType[];
  aegJoules: string;
  dmrJoules: string;
  sniperJoules: string;
  openingDays: Weekday[];
  rentalAvailable: boolean;
  minimumAge: string;
}

export type FieldFormField = Exclude<keyof FieldFormValues, 'rentalAvailable'>;

/** In the order they appear, for focusing the first invalid one. */
export const FIELD_FORM_ORDER: readonly FieldFormField[] = [
  'name',
  'county',
  'address',
  'eircode',
  'website',
  'phone',
  'description',
  'gameTypes',
  'aegJoules',
  'dmrJoules',
  'sniperJoules',
  'openingDays',
  'minimumAge',
];

export const emptyFieldForm = (): FieldFormValues => ({
  name: '',
  county: '',
  address: '',
  eircode: '',
  website: '',
  phone: '',
  description: '',
  gameTypes: [],
  aegJoules: '',
  dmrJoules: '',
  sniperJoules: '',
  openingDays: [],
  rentalAvailable: false,
  minimumAge: '16',
});

const text = (v: number | null) => (v === null ? '' : String(v));

export const fieldFormFrom = (f: FieldDto): FieldFormValues => ({
  name: f.name,
  county: f.county,
  address: f.address,
  eircode: f.eircode ?? '',
  website: f.website ?? '',
  phone: f.phone ?? '',
  description: f.description,
  gameTypes: [...f.gameTypes],
  aegJoules: text(f.limits.aegJoules),
  dmrJoules: text(f.limits.dmrJoules),
  sniperJoules: text(f.limits.sniperJoules),
  openingDays: [...f.openingDays],
  rentalAvailable: f.rentalAvailable,
  minimumAge: String(f.minimumAge),
});

const JOULES = /^\d+(\.\d{1,2})?$/;
const joules = (v: string): number | null => (v.trim() === '' ? null : Number(v.trim()));

/** The service's rules (fields `field-input.dto.ts` and `domain/`), checked before sending. */
export function checkFieldForm(v: FieldFormValues): FieldErrors<FieldFormField> {
  const e: FieldErrors<FieldFormField> = {};
  const name = v.name.trim();
  if (name.length < 3 || name.length > 120) e.name = 'Name must be 3 to 120 characters.';
  if (!v.county) e.county = 'Choose the county.';
  const address = v.address.trim();
  if (address.length < 5 || address.length > 300)
    e.address = 'Address must be 5 to 300 characters.';
  if (v.eircode.trim().length > 8) e.eircode = 'Eircode must be at most 8 characters.';
  if (v.website.trim() && !/^https?:\/\/\S+\.\S+/.test(v.website.trim()))
    e.website = 'Website must be an address starting with https://.';
  if (v.phone.trim() && !/^\+?[0-9 ()-]{7,20}$/.test(v.phone.trim()))
    e.phone = 'Phone must be a phone number.';
  const description = v.description.trim();
  if (description.length < 20 || description.length > 5000)
    e.description = 'Description must be 20 to 5000 characters.';
  if (v.gameTypes.length === 0) e.gameTypes = 'Choose at least one game type.';
  for (const key of ['aegJoules', 'dmrJoules', 'sniperJoules'] as const) {
    const raw = v[key].trim();
    if (raw && !JOULES.test(raw))
      e[key] = 'Joule limits must be numbers with at most 2 decimals, such as 1.14.';
  }
  const [aeg, dmr, sniper] = [joules(v.aegJoules), joules(v.dmrJoules), joules(v.sniperJoules)];
  if (!e.dmrJoules && aeg !== null && dmr !== null && dmr < aeg)
    e.dmrJoules = 'The DMR limit cannot be below the AEG limit.';
  if (!e.sniperJoules && dmr !== null && sniper !== null && sniper < dmr)
    e.sniperJoules = 'The sniper limit cannot be below the DMR limit.';
  else if (!e.sniperJoules && aeg !== null && sniper !== null && sniper < aeg)
    e.sniperJoules = 'The sniper limit cannot be below the AEG limit.';
  const age = Number(v.minimumAge);
  if (!/^\d+$/.test(v.minimumAge.trim()) || age < 12 || age > 21)
    e.minimumAge = 'Minimum age must be between 12 and 21.';
  return e;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The request body of a checked form (create; an edit sends the same, every field). */
export function fieldRequestFrom(v: FieldFormValues): CreateFieldRequest {
  return {
    name: v.name.trim(),
    county: v.county,
    address: v.address.trim(),
    eircode: orNull(v.eircode),
    website: orNull(v.website),
    phone: orNull(v.phone),
    description: v.description.trim(),
    gameTypes: v.gameTypes,
    limits: {
      aegJoules: joules(v.aegJoules),
      dmrJoules: joules(v.dmrJoules),
      sniperJoules: joules(v.sniperJoules),
    },
    openingDays: v.openingDays,
    rentalAvailable: v.rentalAvailable,
    minimumAge: Number(v.minimumAge),
  };
}

/** The form's field of an API field name (`limits.aegJoules` → `aegJoules`), if it shows one. */
const formFieldOf = (apiField: string): FieldFormField | undefined => {
  const name = (apiField.startsWith('limits.') ? apiField.slice(7) : apiField) as FieldFormField;
  return FIELD_FORM_ORDER.includes(name) ? name : undefined;
};

/** Field messages of a refused request (`details` `[{ field, messages }]`, `limits.aegJoules`). */
export function fieldFormServerErrors(error: unknown): FieldErrors<FieldFormField> {
  return serverFieldErrors(error, formFieldOf);
}
