import { type GameType, type IrishCounty, type Weekday } from '@loadout/contracts';
import { type Field, type StoredField } from '../domain/field';
import { FieldEntity } from './field.entity';

export function toField(e: FieldEntity): StoredField {
  return {
    id: e.id,
    name: e.name,
    county: e.county as IrishCounty,
    address: e.address,
    eircode: e.eircode,
    latitude: e.latitude,
    longitude: e.longitude,
    website: e.website,
    phone: e.phone,
    description: e.description,
    gameTypes: e.gameTypes as GameType[],
    limits: { aegJoules: e.aegJoules, dmrJoules: e.dmrJoules, sniperJoules: e.sniperJoules },
    openingDays: e.openingDays as Weekday[],
    rentalAvailable: e.rentalAvailable,
    minimumAge: e.minimumAge,
    isExample: e.isExample,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** The row of a field (timestamps are left to the database). */
export function toFieldEntity(f: Field): FieldEntity {
  return Object.assign(new FieldEntity(), {
    id: f.id,
    name: f.name,
    county: f.county,
    address: f.address,
    eircode: f.eircode,
    latitude: f.latitude,
    longitude: f.longitude,
    website: f.website,
    phone: f.phone,
    description: f.description,
    gameTypes: f.gameTypes,
    aegJoules: f.limits.aegJoules,
    dmrJoules: f.limits.dmrJoules,
    sniperJoules: f.limits.sniperJoules,
    openingDays: f.openingDays,
    rentalAvailable: f.rentalAvailable,
    minimumAge: f.minimumAge,
    isExample: f.isExample,
  });
}
