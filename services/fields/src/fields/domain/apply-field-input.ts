import { type UpdateFieldRequest } from '@loadout/contracts';
import { checkCoordinates, checkLimits, normaliseEircode, roundJoules } from './field-rules';

/** The properties of a field that admins edit (the entity has these and more). */
export interface EditableField {
  name: string;
  county: string;
  address: string;
  eircode: string | null;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  phone: string | null;
  description: string;
  gameTypes: string[];
  aegJoules: number | null;
  dmrJoules: number | null;
  sniperJoules: number | null;
  openingDays: string[];
  rentalAvailable: boolean;
  minimumAge: number;
}

/**
 * Applies the given fields to a field, then checks the whole field's rules (so partial updates
 * stay valid). Throws the rules' validation errors.
 */
export function applyFieldInput(entity: EditableField, input: UpdateFieldRequest): void {
  const has = (k: keyof UpdateFieldRequest) => input[k] !== undefined;
  if (has('name')) entity.name = input.name!.trim();
  if (has('county')) entity.county = input.county!;
  if (has('address')) entity.address = input.address!.trim();
  if (has('eircode')) entity.eircode = normaliseEircode(input.eircode);
  if (has('latitude')) entity.latitude = input.latitude ?? null;
  if (has('longitude')) entity.longitude = input.longitude ?? null;
  if (has('website')) entity.website = input.website ?? null;
  if (has('phone')) entity.phone = input.phone ?? null;
  if (has('description')) entity.description = input.description!.trim();
  if (has('gameTypes')) entity.gameTypes = [...input.gameTypes!];
  if (has('limits')) {
    entity.aegJoules = roundJoules(input.limits!.aegJoules ?? null);
    entity.dmrJoules = roundJoules(input.limits!.dmrJoules ?? null);
    entity.sniperJoules = roundJoules(input.limits!.sniperJoules ?? null);
  }
  if (has('openingDays')) entity.openingDays = [...input.openingDays!];
  if (has('rentalAvailable')) entity.rentalAvailable = input.rentalAvailable!;
  if (has('minimumAge')) entity.minimumAge = input.minimumAge!;
  entity.latitude ??= null;
  entity.longitude ??= null;
  checkCoordinates(entity.latitude, entity.longitude);
  checkLimits({
    aegJoules: entity.aegJoules ?? null,
    dmrJoules: entity.dmrJoules ?? null,
    sniperJoules: entity.sniperJoules ?? null,
  });
}
