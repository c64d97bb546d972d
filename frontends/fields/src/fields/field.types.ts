// The fields API contract comes from @loadout/contracts (shared with the fields service);
// these are the remote's names for it.
import {
  GAME_TYPES,
  IRISH_COUNTIES,
  isIrishCounty,
  type FieldDto,
  type GameType,
  type IrishCounty,
} from '@loadout/contracts';

export { GAME_TYPES, type FieldLimits, type GameType } from '@loadout/contracts';

export const COUNTIES = IRISH_COUNTIES;
export type County = IrishCounty;
export type Field = FieldDto;

export function isCounty(value: string | null): value is County {
  return isIrishCounty(value);
}

export function isGameType(value: string | null): value is GameType {
  return value !== null && (GAME_TYPES as readonly string[]).includes(value);
}
