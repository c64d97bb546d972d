// Local copy of the fields API contract; to move to @loadout/contracts.

export const COUNTIES = [
  'Carlow',
  'Cavan',
  'Clare',
  'Cork',
  'Donegal',
  'Dublin',
  'Galway',
  'Kerry',
  'Kildare',
  'Kilkenny',
  'Laois',
  'Leitrim',
  'Limerick',
  'Longford',
  'Louth',
  'Mayo',
  'Meath',
  'Monaghan',
  'Offaly',
  'Roscommon',
  'Sligo',
  'Tipperary',
  'Waterford',
  'Westmeath',
  'Wexford',
  'Wicklow',
] as const;

export type County = (typeof COUNTIES)[number];

export const GAME_TYPES = ['cqb', 'woodland', 'milsim', 'urban'] as const;

export type GameType = (typeof GAME_TYPES)[number];

export interface FieldLimits {
  aegJoules: number | null;
  dmrJoules: number | null;
  sniperJoules: number | null;
}

export interface Field {
  id: string;
  name: string;
  county: County;
  address: string;
  eircode: string | null;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  phone: string | null;
  description: string;
  gameTypes: GameType[];
  limits: FieldLimits;
  /** Lower-case weekday names, e.g. ["saturday", "sunday"]. */
  openingDays: string[];
  rentalAvailable: boolean;
  minimumAge: number;
  isExample: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FieldPage {
  items: Field[];
  nextCursor: string | null;
}

export interface FieldStats {
  count: number;
}

export interface FieldFilters {
  county?: County;
  gameType?: GameType;
}

export function isCounty(value: string | null): value is County {
  return value !== null && (COUNTIES as readonly string[]).includes(value);
}

export function isGameType(value: string | null): value is GameType {
  return value !== null && (GAME_TYPES as readonly string[]).includes(value);
}
