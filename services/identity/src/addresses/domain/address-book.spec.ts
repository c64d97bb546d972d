import { type AppError } from '@loadout/errors';
import { editedAddress, newAddress } from './address-book';

const input = {
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37x2c4',
};

const thrown = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a refusal');
};

describe('address book rules', () => {
  it('stores a new address normalised', () => {
    expect(newAddress(input)).toMatchObject({ eircode: 'N37 X2C4', line2: null, phone: null });
  });

  it('refuses an invalid address with IDENTITY.ADDRESS_INVALID and the field problems', () => {
    const e = thrown(() => newAddress({ ...input, eircode: 'BT1 1AA' }));
    expect(e.code).toBe('IDENTITY.ADDRESS_INVALID');
    expect(e.details).toEqual([{ field: 'eircode', messages: [expect.stringMatching(/Eircode/)] }]);
  });

  it('applies only the fields sent, clears phone with null and checks the result', () => {
    const current = newAddress({ ...input, phone: '087 123 4567' });
    expect(editedAddress(current, { town: 'Moate', phone: null })).toEqual({
      ...current,
      town: 'Moate',
      phone: null,
    });
    expect(thrown(() => editedAddress(current, { county: 'Antrim' })).code).toBe(
      'IDENTITY.ADDRESS_INVALID',
    );
  });
});
