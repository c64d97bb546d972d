import { type KeysetPageQuery } from './paging';
import { type IrishCounty } from './irish-counties';

export const GAME_TYPES = ['cqb', 'woodland', 'milsim', 'urban'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const GAME_TYPE_LABELS: Record<GameType, string> = {
  cqb: 'CQB',
  woodland: 'Woodland',
  milsim: 'Milsim',
  urban: 'Urban',
};

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** Muzzle-energy limits a field enforces per replica class, in joules (null = not stated). */
export interface FieldLimits {
  aegJoules: number | null;
  dmrJoules: number | null;
  sniperJoules: number | null;
}

/** `POST /api/v1/fields` (admins). County is one of the 26 counties (checked by the service). */
export interface CreateFieldRequest {
  name: string;
  county: string;
  address: string;
  eircode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  website?: string | null;
  phone?: string | null;
  description: string;
  gameTypes: GameType[];
  limits: FieldLimits;
  openingDays: Weekday[];
  rentalAvailable: boolean;
  minimumAge: number;
}

/** Query of `GET /api/v1/fields`: filters and a keyset page. */
export interface ListFieldsQuery extends KeysetPageQuery {
  county?: IrishCounty;
  gameType?: GameType;
}

/** `PATCH /api/v1/fields/{id}` (admins): any property of the create request. */
export type UpdateFieldRequest = Partial<CreateFieldRequest>;

/** `GET /api/v1/fields/{id}` and the items of `GET /api/v1/fields`. */
export interface FieldDto {
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
  /** Development seed data: clearly fictional, never shown as a real venue. */
  isExample: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FieldListResponse {
  items: FieldDto[];
  nextCursor: string | null;
}

export interface FieldStatsResponse {
  count: number;
}
