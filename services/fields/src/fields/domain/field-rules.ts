import { invalidField } from './field.errors';
import { type FieldLimits } from '@loadout/contracts';

/** Irish Eircode: routing key (letter + 2 digits, or D6W) and a 4-character unique identifier. */
const EIRCODE = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i;

export function normaliseEircode(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!EIRCODE.test(compact))
    throw invalidField('Enter a valid Eircode, for example D02 X285.', 'eircode');
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** Irish venues sit within these bounds; anything else is a typo (swapped lat/long, say). */
export function checkCoordinates(latitude: number | null, longitude: number | null): void {
  if ((latitude === null) !== (longitude === null)) {
    throw invalidField(
      'Give both latitude and longitude, or neither.',
      latitude === null ? 'latitude' : 'longitude',
    );
  }
  if (latitude === null || longitude === null) return;
  if (latitude < 51.3 || latitude > 55.5)
    throw invalidField('Latitude must be in Ireland (51.3 to 55.5).', 'latitude');
  if (longitude < -10.7 || longitude > -5.9)
    throw invalidField('Longitude must be in Ireland (-10.7 to -5.9).', 'longitude');
}

/** A sniper may shoot harder than a DMR, a DMR harder than an AEG; never the other way round. */
export function checkLimits(limits: FieldLimits): void {
  const { aegJoules: aeg, dmrJoules: dmr, sniperJoules: sniper } = limits;
  for (const [name, value] of Object.entries(limits)) {
    if (value !== null && (value <= 0 || value > 3))
      throw invalidField('Joule limits must be between 0.01 and 3.00 J.', `limits.${name}`);
  }
  if (aeg !== null && dmr !== null && dmr < aeg)
    throw invalidField('The DMR limit cannot be below the AEG limit.', 'limits.dmrJoules');
  if (dmr !== null && sniper !== null && sniper < dmr)
    throw invalidField('The sniper limit cannot be below the DMR limit.', 'limits.sniperJoules');
}

/** Stored with 2 decimals, like the calculator shows. */
export const roundJoules = (j: number | null): number | null =>
  j === null ? null : Math.round(j * 100) / 100;
