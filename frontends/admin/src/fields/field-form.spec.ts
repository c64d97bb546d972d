import { type FieldDto } from '@loadout/contracts';
import { ApiError } from '@loadout/web';
import {
  checkFieldForm,
  emptyFieldForm,
  fieldFormFrom,
  fieldFormServerErrors,
  fieldRequestFrom,
} from './field-form';

const valid = {
  ...emptyFieldForm(),
  name: 'Example Woods CQB',
  county: 'Wicklow',
  address: 'Forest road, Roundwood',
  description: 'A fictional woodland site with a small village and a bunker.',
  gameTypes: ['woodland' as const],
  aegJoules: '1.14',
  dmrJoules: '1.5',
  sniperJoules: '2',
};

describe('the field form', () => {
  it('accepts a complete field and builds the request, empty optional text as null', () => {
    expect(checkFieldForm(valid)).toEqual({});
    expect(fieldRequestFrom(valid)).toMatchObject({
      name: 'Example Woods CQB',
      eircode: null,
      website: null,
      limits: { aegJoules: 1.14, dmrJoules: 1.5, sniperJoules: 2 },
      minimumAge: 16,
    });
  });

  it('refuses what the service refuses, with its messages', () => {
    const errors = checkFieldForm({
      ...emptyFieldForm(),
      name: 'ab',
      website: 'example',
      phone: 'call me',
      aegJoules: '1.145',
      minimumAge: '25',
    });
    expect(errors).toEqual({
      name: 'Name must be 3 to 120 characters.',
      county: 'Choose the county.',
      address: 'Address must be 5 to 300 characters.',
      website: 'Website must be an address starting with https://.',
      phone: 'Phone must be a phone number.',
      description: 'Description must be 20 to 5000 characters.',
      gameTypes: 'Choose at least one game type.',
      aegJoules: 'Joule limits must be numbers with at most 2 decimals, such as 1.14.',
      minimumAge: 'Minimum age must be between 12 and 21.',
    });
  });

  it('keeps AEG ≤ DMR ≤ sniper', () => {
    expect(checkFieldForm({ ...valid, dmrJoules: '1' }).dmrJoules).toBe(
      'The DMR limit cannot be below the AEG limit.',
    );
    expect(checkFieldForm({ ...valid, sniperJoules: '1.2' }).sniperJoules).toBe(
      'The sniper limit cannot be below the DMR limit.',
    );
    expect(checkFieldForm({ ...valid, dmrJoules: '', sniperJoules: '1' }).sniperJoules).toBe(
      'The sniper limit cannot be below the AEG limit.',
    );
  });

  it('round-trips a stored field and maps the service’s field details', () => {
    const field = {
      ...fieldRequestFrom(valid),
      id: 'f1',
      county: 'Wicklow',
      latitude: null,
      longitude: null,
      isExample: false,
      createdAt: '',
      updatedAt: '',
    } as FieldDto;
    expect(fieldRequestFrom(fieldFormFrom(field))).toEqual(fieldRequestFrom(valid));
    expect(
      fieldFormServerErrors(
        new ApiError(400, {
          code: 'COMMON.VALIDATION_FAILED',
          message: 'Invalid.',
          requestId: 'r1',
          details: [
            { field: 'eircode', messages: ['That is not an Eircode.'] },
            { field: 'limits.dmrJoules', messages: ['Too low.'] },
            { field: 'limits.unknown', messages: ['x'] },
            { field: 'unknown', messages: ['x'] },
          ],
        }),
      ),
    ).toEqual({ eircode: 'That is not an Eircode.', dmrJoules: 'Too low.' });
    expect(fieldFormServerErrors(new Error('offline'))).toEqual({});
  });
});
