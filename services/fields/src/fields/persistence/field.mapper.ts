import { type FieldDto, type GameType, type IrishCounty, type Weekday } from '@loadout/contracts';
import { type FieldEntity } from './field.entity';

export function toFieldDto(e: FieldEntity): FieldDto {
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
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}
