import { type FieldDto } from '@loadout/contracts';
import {
  callsTo,
  errorResponse,
  expectToast,
  jsonResponse,
  mockApi,
  setupUser,
  where,
} from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../test-utils';

const field = (over: Partial<FieldDto> = {}): FieldDto => ({
  id: 'f1',
  name: 'Example Woods',
  county: 'Wicklow',
  address: 'Forest road, Roundwood',
  eircode: null,
  latitude: null,
  longitude: null,
  website: null,
  phone: null,
  description: 'A fictional woodland site with a small village.',
  gameTypes: ['woodland'],
  limits: { aegJoules: 1.14, dmrJoules: null, sniperJoules: null },
  openingDays: ['sunday'],
  rentalAvailable: true,
  minimumAge: 16,
  isExample: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...over,
});

describe('fields', () => {
  it('lists fields with the county filter in the URL', async () => {
    const api = mockApi({ '/api/v1/fields': { items: [field()], nextCursor: null } });
    renderAdmin('/admin/fields');
    const user = setupUser();
    const row = (await screen.findByRole('link', { name: 'Example Woods' })).closest('tr')!;
    expect(within(row).getByText('Woodland')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'Cork');
    expect(where()).toBe('/admin/fields?county=Cork');
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('county') === 'Cork',
        ),
      ).toBe(true),
    );
  });

  it('checks a new field before sending, then adds it and opens it', async () => {
    const api = mockApi({
      'POST /api/v1/fields': field({ id: 'f9', name: 'Airsoft Yard' }),
      '/api/v1/fields/f9': field({ id: 'f9', name: 'Airsoft Yard' }),
    });
    renderAdmin('/admin/fields/new');
    const user = setupUser();
    const form = await screen.findByRole('form', { name: 'Add a field' });
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(within(form).getByText('Name must be 3 to 120 characters.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one game type.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(callsTo(api, 'POST /api/v1/fields')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Airsoft Yard');
    await user.selectOptions(within(form).getByRole('combobox', { name: /County/ }), 'Cork');
    await user.type(within(form).getByRole('textbox', { name: /Address/ }), 'Unit 4, Ballincollig');
    await user.type(
      within(form).getByRole('textbox', { name: /Description/ }),
      'An indoor CQB yard with containers and a two-storey house.',
    );
    await user.click(within(form).getByRole('checkbox', { name: 'CQB' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await user.type(within(form).getByRole('textbox', { name: 'AEG' }), '1.14');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    await waitFor(() =>
      expect(callsTo(api, 'POST /api/v1/fields')[0]!.body).toEqual({
        name: 'Airsoft Yard',
        county: 'Cork',
        address: 'Unit 4, Ballincollig',
        eircode: null,
        website: null,
        phone: null,
        description: 'An indoor CQB yard with containers and a two-storey house.',
        gameTypes: ['cqb'],
        limits: { aegJoules: 1.14, dmrJoules: null, sniperJoules: null },
        openingDays: ['saturday'],
        rentalAvailable: false,
        minimumAge: 16,
      }),
    );
    await waitFor(() => expect(where()).toBe('/admin/fields/f9'));
  });

  it('shows the service’s field errors on the fields', async () => {
    mockApi({
      '/api/v1/fields/f1': field(),
      'PATCH /api/v1/fields/f1': errorResponse(
        400,
        'COMMON.VALIDATION_FAILED',
        'That is not an Eircode.',
        [{ field: 'eircode', messages: ['That is not an Eircode.'] }],
      ),
    });
    renderAdmin('/admin/fields/f1');
    const user = setupUser();
    const form = await screen.findByRole('form', { name: 'Edit Example Woods' });
    await user.type(within(form).getByRole('textbox', { name: /Eircode/ }), 'X1');
    await user.click(within(form).getByRole('button', { name: 'Save field' }));
    expect(await within(form).findByText('That is not an Eircode.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Eircode/ })).toHaveFocus();
  });

  it('deletes a field after confirming, then goes back to the list', async () => {
    const api = mockApi({
      '/api/v1/fields/f1': field(),
      'DELETE /api/v1/fields/f1': jsonResponse(204),
      '/api/v1/fields': { items: [], nextCursor: null },
    });
    renderAdmin('/admin/fields/f1');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Example Woods?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete field' }));
    await waitFor(() => expect(callsTo(api, 'DELETE /api/v1/fields/f1')).toHaveLength(1));
    await waitFor(() => expect(where()).toBe('/admin/fields'));
    await expectToast('Field deleted');
  });
});
