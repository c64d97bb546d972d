import { screen, waitFor, within } from '@testing-library/react';
import { type SavedAddress } from '@loadout/contracts';
import { type AccountSession } from '../use-account-session';
import {
  addressesFetch,
  buildOwnProfile,
  buildSession,
  buildUser,
  errorResponse,
  expectToast,
  installFetch,
  jsonResponse,
  renderRoutes,
  setupUser,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

const saved = (over: Partial<SavedAddress> = {}): SavedAddress => ({
  id: 'addr0000000000000001a',
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  line2: null,
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'N37 X2C4',
  phone: '087 123 4567',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  ...over,
});

/** Answers the address book's calls in order; GETs after a write answer `book`. */
function addressesAnswer(book: SavedAddress[], writes: Response[] = []) {
  addressesFetch.current.mockImplementation((_url: string, init?: RequestInit) =>
    Promise.resolve(
      init?.method && init.method !== 'GET'
        ? (writes.shift() ?? jsonResponse(500, {}))
        : jsonResponse(200, { items: book }),
    ),
  );
}

const sentTo = (n: number) => {
  const [url, init] = addressesFetch.current.mock.calls[n]!;
  return {
    url,
    method: init?.method ?? 'GET',
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
};
const writes = () =>
  addressesFetch.current.mock.calls.map((_, i) => sentTo(i)).filter((c) => c.method !== 'GET');

const section = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Addresses' })).closest('section') as HTMLElement,
  );

beforeEach(() => {
  mockSession = buildSession({ status: 'signed-in', user: buildUser() });
  fetchMock = installFetch();
  fetchMock.mockResolvedValue(jsonResponse(200, buildOwnProfile()));
});

describe('Addresses on /profile', () => {
  it('lists saved addresses on one line each with their edit and delete buttons', async () => {
    addressesAnswer([
      saved(),
      saved({
        id: 'addr0000000000000002a',
        line1: '1 Quay Street',
        town: 'Galway',
        county: 'Galway',
        eircode: 'H91 E2K3',
        phone: null,
      }),
    ]);
    renderRoutes('/profile');
    const s = await section();
    const list = await s.findByRole('list', { name: 'Saved addresses' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      'Aoife Byrne12 Main Street, Athlone, Co. Westmeath, N37 X2C4Phone 087 123 4567',
    );
    expect(items[1]).toHaveTextContent('1 Quay Street, Galway, Co. Galway, H91 E2K3');
    expect(within(list).getByRole('button', { name: 'Edit 12 Main Street' })).toBeInTheDocument();
  });

  it('says the book is empty', async () => {
    renderRoutes('/profile');
    expect(await (await section()).findByText(/No saved addresses yet/)).toBeInTheDocument();
  });

  it('adds an address: labelled fields, errors with the services’ words before sending, then POST', async () => {
    const user = setupUser();
    addressesAnswer([], [jsonResponse(201, saved())]);
    renderRoutes('/profile');
    const s = await section();
    await user.click(await s.findByRole('button', { name: 'Add an address' }));
    const form = within(s.getByRole('form', { name: 'New address' }));
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(form.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
      'Name is required.',
    );
    // Focus goes to the first field with an error.
    expect(form.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(writes()).toEqual([]);

    await user.type(form.getByRole('textbox', { name: 'Full name' }), 'Aoife Byrne');
    await user.type(form.getByRole('textbox', { name: 'Address line 1' }), '12 Main Street');
    await user.type(form.getByRole('textbox', { name: 'Town or city' }), 'Athlone');
    await user.selectOptions(form.getByRole('combobox', { name: 'County' }), 'Westmeath');
    await user.type(form.getByRole('textbox', { name: 'Eircode' }), 'B02 X285');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(form.getByRole('textbox', { name: 'Eircode' })).toHaveAccessibleDescription(
      /7 characters, like D02 X285\. Enter a valid Eircode/,
    );
    expect(writes()).toEqual([]);

    await user.clear(form.getByRole('textbox', { name: 'Eircode' }));
    await user.type(form.getByRole('textbox', { name: 'Eircode' }), 'n37x2c4');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    await expectToast('Address saved');
    expect(writes()).toEqual([
      {
        url: '/api/v1/me/addresses',
        method: 'POST',
        body: {
          name: 'Aoife Byrne',
          line1: '12 Main Street',
          line2: null,
          town: 'Athlone',
          county: 'Westmeath',
          eircode: 'n37x2c4',
          phone: null,
        },
      },
    ]);
    await waitFor(() => expect(s.queryByRole('form', { name: 'New address' })).toBeNull());
  });

  it('shows the service’s field errors on the fields when it refuses', async () => {
    const user = setupUser();
    addressesAnswer(
      [saved()],
      [
        errorResponse(400, 'IDENTITY.ADDRESS_INVALID', 'Enter a valid Eircode', [
          { field: 'eircode', messages: ['Enter a valid Eircode: from the server.'] },
        ]),
      ],
    );
    renderRoutes('/profile');
    const s = await section();
    await user.click(await s.findByRole('button', { name: 'Edit 12 Main Street' }));
    const form = within(s.getByRole('form', { name: 'Edit 12 Main Street' }));
    expect(form.getByRole('textbox', { name: 'Eircode' })).toHaveValue('N37 X2C4');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    await expectToast('The address could not be saved', 'Enter a valid Eircode');
    expect(form.getByRole('textbox', { name: 'Eircode' })).toHaveAccessibleDescription(
      /Enter a valid Eircode: from the server\./,
    );
    expect(writes()[0]).toMatchObject({
      url: '/api/v1/me/addresses/addr0000000000000001a',
      method: 'PATCH',
    });
  });

  it('edits an address with PATCH', async () => {
    const user = setupUser();
    addressesAnswer([saved()], [jsonResponse(200, saved({ town: 'Moate' }))]);
    renderRoutes('/profile');
    const s = await section();
    await user.click(await s.findByRole('button', { name: 'Edit 12 Main Street' }));
    const form = within(s.getByRole('form', { name: 'Edit 12 Main Street' }));
    await user.clear(form.getByRole('textbox', { name: 'Town or city' }));
    await user.type(form.getByRole('textbox', { name: 'Town or city' }), 'Moate');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    await expectToast('Address updated');
    expect(writes()[0]?.body).toMatchObject({ town: 'Moate', eircode: 'N37 X2C4' });
  });

  it('deletes an address after confirming, and keeps it when cancelled', async () => {
    const user = setupUser();
    addressesAnswer([saved()], [jsonResponse(204)]);
    renderRoutes('/profile');
    const s = await section();
    await user.click(await s.findByRole('button', { name: 'Delete 12 Main Street' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('Orders already placed keep the address they were sent to.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(writes()).toEqual([]);

    await user.click(s.getByRole('button', { name: 'Delete 12 Main Street' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this address?' })).getByRole(
        'button',
        { name: 'Delete address' },
      ),
    );
    await expectToast('Address deleted');
    expect(writes()).toEqual([
      { url: '/api/v1/me/addresses/addr0000000000000001a', method: 'DELETE', body: undefined },
    ]);
  });

  it('shows an error with a retry when the book cannot be loaded', async () => {
    const user = setupUser();
    addressesFetch.current
      .mockResolvedValueOnce(errorResponse(500, 'COMMON.INTERNAL', 'Something broke'))
      .mockResolvedValueOnce(jsonResponse(200, { items: [saved()] }));
    renderRoutes('/profile');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(
      screen.getByRole('heading', { name: 'Your addresses could not be loaded' }),
    ).toBeInTheDocument();
    await user.click(retry);
    expect(
      await (await section()).findByRole('list', { name: 'Saved addresses' }),
    ).toBeInTheDocument();
  });
});
