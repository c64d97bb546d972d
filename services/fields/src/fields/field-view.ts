import { type FieldDto } from '@loadout/contracts';
import { type StoredField } from './domain/field';

/** The wire form of a field (`GET fields/{id}`, the list's items, the edits' answers). */
export function toFieldDto(f: StoredField): FieldDto {
  const { createdAt, updatedAt, limits, gameTypes, openingDays, ...rest } = f;
  return {
    ...rest,
    gameTypes: [...gameTypes],
    limits: { ...limits },
    openingDays: [...openingDays],
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
