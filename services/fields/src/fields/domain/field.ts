import {
  type CreateFieldRequest,
  type FieldLimits,
  type GameType,
  type IrishCounty,
  type UpdateFieldRequest,
  type Weekday,
  isIrishCounty,
} from '@loadout/contracts';
import { invalidField } from './field.errors';
import { checkCoordinates, checkLimits, normaliseEircode, roundJoules } from './field-rules';

/**
 * The Field aggregate (issue 29): a playing field as admins edit it, with its rules (Eircode,
 * coordinates in Ireland, one of the 26 counties, AEG ≤ DMR ≤ sniper within 0.01–3 J). Pure:
 * every step returns a `FieldChange` that the repository stores with its event.
 */
export interface Field {
  id: string;
  name: string;
  county: IrishCounty;
  address: string;
  eircode: string | null;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  phone: string | null;
  description: string;
  gameTypes: GameType[];
  limits: FieldLimits;
  openingDays: Weekday[];
  rentalAvailable: boolean;
  minimumAge: number;
  /** Development seed data (never created through the API). */
  isExample: boolean;
}

/** A field as stored: the database keeps its timestamps. */
export interface StoredField extends Field {
  createdAt: Date;
  updatedAt: Date;
}

/** The new state and the event it announces (`fields.field.<event>.v1`). */
export interface FieldChange {
  field: Field;
  event: 'created' | 'updated';
}

function countyOf(value: string): IrishCounty {
  if (!isIrishCounty(value)) throw invalidField('Choose one of the 26 counties.', 'county');
  return value;
}

const limitsOf = (l: FieldLimits): FieldLimits => ({
  aegJoules: roundJoules(l.aegJoules ?? null),
  dmrJoules: roundJoules(l.dmrJoules ?? null),
  sniperJoules: roundJoules(l.sniperJoules ?? null),
});

/** The whole field's rules, so a partial update never leaves it invalid. */
function checked(field: Field): Field {
  checkCoordinates(field.latitude, field.longitude);
  checkLimits(field.limits);
  return field;
}

/** Admin adds a field: a new one is never an example. */
export function createField(id: string, input: CreateFieldRequest): FieldChange {
  const field = checked({
    id,
    name: input.name.trim(),
    county: countyOf(input.county),
    address: input.address.trim(),
    eircode: normaliseEircode(input.eircode),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    website: input.website ?? null,
    phone: input.phone ?? null,
    description: input.description.trim(),
    gameTypes: [...input.gameTypes],
    limits: limitsOf(input.limits),
    openingDays: [...input.openingDays],
    rentalAvailable: input.rentalAvailable,
    minimumAge: input.minimumAge,
    isExample: false,
  });
  return { field, event: 'created' };
}

/**
 * Admin edits any subset of a field's details: what is absent stays, `null` clears what may be
 * empty (the boundary refuses `null` for the rest). The field's rules are checked as a whole.
 */
export function updateField(current: Field, input: UpdateFieldRequest): FieldChange {
  const field: Field = { ...current, limits: { ...current.limits } };
  // `null` reaches here only for what may be empty (the boundary refuses the rest).
  if (input.name !== undefined) field.name = input.name.trim();
  if (input.county !== undefined) field.county = countyOf(input.county);
  if (input.address !== undefined) field.address = input.address.trim();
  if (input.eircode !== undefined) field.eircode = normaliseEircode(input.eircode);
  if (input.latitude !== undefined) field.latitude = input.latitude;
  if (input.longitude !== undefined) field.longitude = input.longitude;
  if (input.website !== undefined) field.website = input.website;
  if (input.phone !== undefined) field.phone = input.phone;
  if (input.description !== undefined) field.description = input.description.trim();
  if (input.gameTypes !== undefined) field.gameTypes = [...input.gameTypes];
  if (input.limits !== undefined) field.limits = limitsOf(input.limits);
  if (input.openingDays !== undefined) field.openingDays = [...input.openingDays];
  if (input.rentalAvailable !== undefined) field.rentalAvailable = input.rentalAvailable;
  if (input.minimumAge !== undefined) field.minimumAge = input.minimumAge;
  return { field: checked(field), event: 'updated' };
}
