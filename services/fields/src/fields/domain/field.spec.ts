import { type CreateFieldRequest } from '@loadout/contracts';
import { createField, updateField, type Field } from './field';

const input = (over: Partial<CreateFieldRequest> = {}): CreateFieldRequest => ({
  name: '  Alpha Woods ',
  county: 'Wicklow',
  address: ' Forest Road ',
  eircode: 'a98x285',
  latitude: 53.1,
  longitude: -6.3,
  website: null,
  phone: null,
  description: ' Woodland site. ',
  gameTypes: ['woodland'],
  limits: { aegJoules: 1.1449, dmrJoules: 1.5, sniperJoules: 2.3 },
  openingDays: ['sunday'],
  rentalAvailable: true,
  minimumAge: 16,
  ...over,
});

const field = (over: Partial<CreateFieldRequest> = {}): Field =>
  createField('f'.repeat(21), input(over)).field;

describe('Field', () => {
  describe('create', () => {
    it('trims the text, normalises the Eircode and rounds the joule limits', () => {
      const change = createField('f'.repeat(21), input());
      expect(change.event).toBe('created');
      expect(change.field).toMatchObject({
        id: 'f'.repeat(21),
        name: 'Alpha Woods',
        address: 'Forest Road',
        description: 'Woodland site.',
        eircode: 'A98 X285',
        limits: { aegJoules: 1.14, dmrJoules: 1.5, sniperJoules: 2.3 },
        isExample: false,
      });
    });

    it('refuses a county that is not one of the 26', () => {
      expect(() => createField('f'.repeat(21), input({ county: 'Antrim' }))).toThrow(
        expect.objectContaining({
          code: 'FIELDS.INVALID',
          details: [expect.objectContaining({ field: 'county' })],
        }),
      );
    });

    it('refuses a DMR limit below the AEG limit', () => {
      expect(() =>
        createField(
          'f'.repeat(21),
          input({ limits: { aegJoules: 1.5, dmrJoules: 1.2, sniperJoules: null } }),
        ),
      ).toThrow(/DMR limit/);
    });

    it('refuses a replica above 3 joules', () => {
      expect(() =>
        createField(
          'f'.repeat(21),
          input({ limits: { aegJoules: 1, dmrJoules: null, sniperJoules: 3.2 } }),
        ),
      ).toThrow(/between 0.01 and 3.00 J/);
    });

    it('treats absent optional details as empty', () => {
      const { eircode, latitude, longitude, ...rest } = input();
      void eircode;
      void latitude;
      void longitude;
      expect(createField('f'.repeat(21), rest).field).toMatchObject({
        eircode: null,
        latitude: null,
        longitude: null,
      });
    });
  });

  describe('update', () => {
    it('changes only what is given and leaves the original untouched', () => {
      const before = field();
      const change = updateField(before, { county: 'Kerry', phone: '087 123 4567' });
      expect(change.event).toBe('updated');
      expect(change.field).toEqual({ ...before, county: 'Kerry', phone: '087 123 4567' });
      expect(before.county).toBe('Wicklow');
    });

    it('clears what may be empty with null', () => {
      const change = updateField(field({ website: 'https://alpha.ie' }), {
        website: null,
        eircode: null,
      });
      expect(change.field).toMatchObject({ website: null, eircode: null });
    });

    it('checks the whole field: a sniper limit below the stored DMR limit is refused', () => {
      expect(() =>
        updateField(field(), { limits: { aegJoules: 1.1, dmrJoules: 2, sniperJoules: 1.9 } }),
      ).toThrow(/sniper limit/);
    });

    it('refuses clearing one coordinate of a pair', () => {
      expect(() => updateField(field(), { latitude: null })).toThrow(/both latitude and longitude/);
    });

    it('refuses a county outside Ireland on update too', () => {
      expect(() => updateField(field(), { county: 'Fermanagh' })).toThrow(
        expect.objectContaining({ code: 'FIELDS.INVALID' }),
      );
    });
  });
});
