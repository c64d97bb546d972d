import { renderRemote } from '@loadout/web/testing';
import { FieldsRoutes } from './routes';
import { type Field } from './fields/field.types';

export { jsonResponse } from '@loadout/web/testing';

export const renderRoutes = (path: string) => renderRemote(<FieldsRoutes />, path);

let seq = 0;

/** Test data factory for a playing field. */
export function buildField(overrides: Partial<Field> = {}): Field {
  seq += 1;
  return {
    id: `field-${seq}`,
    name: `Test Field ${seq}`,
    county: 'Dublin',
    address: '1 Example Road, Dublin',
    eircode: 'D01 X2Y3',
    latitude: 53.35,
    longitude: -6.26,
    website: 'https://example.ie',
    phone: '+353 1 234 5678',
    description: 'A woodland site with bunkers and a village.',
    gameTypes: ['woodland', 'cqb'],
    limits: { aegJoules: 1, dmrJoules: null, sniperJoules: null },
    openingDays: ['sunday', 'saturday'],
    rentalAvailable: true,
    minimumAge: 18,
    isExample: false,
    createdAt: '2025-01-01T10:00:00Z',
    updatedAt: '2025-03-05T10:00:00Z',
    ...overrides,
  };
}
