import { type CreateFieldDto } from '../../src/fields/field-input.dto';

let n = 0;

export function buildField(overrides: Partial<CreateFieldDto> = {}): CreateFieldDto {
  n += 1;
  return {
    name: `Test Field ${String(n).padStart(3, '0')}`,
    county: 'Dublin',
    address: `${n} Test Road, Testtown`,
    eircode: 'D02 X285',
    latitude: 53.34,
    longitude: -6.26,
    website: 'https://example.com/field',
    phone: '+353 1 555 0199',
    description: 'A test playing field with enough description to pass validation.',
    gameTypes: ['woodland'],
    limits: { aegJoules: 1, dmrJoules: 1.5, sniperJoules: 2.3 },
    openingDays: ['saturday'],
    rentalAvailable: true,
    minimumAge: 16,
    ...overrides,
  };
}
