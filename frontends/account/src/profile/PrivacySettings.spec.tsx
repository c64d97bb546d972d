import { screen, waitFor, within } from '@testing-library/react';
import { type DataExportArchive } from '@loadout/contracts';
import { type AccountSession } from '../use-account-session';
import {
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
const profile = buildOwnProfile();

const archive = (over: Partial<DataExportArchive['services']> = {}): DataExportArchive => ({
  format: 'loadout.data-export.v1',
  userId: profile.id,
  generatedAt: '2026-11-27T10:00:00.000Z',
  services: {
    identity: { status: 'ok', exportedAt: '2026-11-27T10:00:00.000Z', data: { profile: {} } },
    listings: { status: 'ok', exportedAt: '2026-11-27T10:00:00.000Z', data: { listings: [] } },
    orders: { status: 'ok', exportedAt: '2026-11-27T10:00:00.000Z', data: { orders: [] } },
    messaging: { status: 'ok', exportedAt: '2026-11-27T10:00:00.000Z', data: {} },
    notifications: { status: 'ok', exportedAt: '2026-11-27T10:00:00.000Z', data: {} },
    admin: { status: 'ok', exportedAt: '2026-11-27T10:00:00.000Z', data: {} },
    ...over,
  },
});

/** Answers the profile, and `routes` for the privacy calls (method + path). */
const answer = (routes: Record<string, () => Response | Promise<Response>>) =>
  fetchMock.mockImplementation((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (routes[key]) return Promise.resolve(routes[key]());
    if (url === '/api/v1/me') return Promise.resolve(jsonResponse(200, profile));
    return Promise.resolve(errorResponse(404, 'COMMON.NOT_FOUND', `no stub for ${key}`));
  });

/** jsdom's Blob has no text(): read it the old way. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  mockSession = buildSession({ status: 'signed-in', user: buildUser() });
  fetchMock = installFetch();
  saved = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
});
afterEach(() => jest.restoreAllMocks());

const section = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Your data and privacy' })).closest('section')!,
  );

describe('Download my data', () => {
  it('shows progress, then saves one JSON file named for the user', async () => {
    const user = setupUser();
    let release!: () => void;
    answer({
      'GET /api/v1/me/export': () =>
        new Promise<Response>((r) => (release = () => r(jsonResponse(200, archive())))),
    });
    renderRoutes('/profile');
    const s = await section();
    await user.click(s.getByRole('button', { name: 'Download my data' }));
    expect(await s.findByText('Preparing your data…')).toBeInTheDocument();
    release();
    await expectToast('Your data has been downloaded');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`loadout-data-${profile.username}-2026-11-27.json`);
    expect(saved[0]!.blob.type).toBe('application/json');
    const json = JSON.parse(await textOf(saved[0]!.blob)) as DataExportArchive;
    expect(json.format).toBe('loadout.data-export.v1');
    expect(s.queryByText('Preparing your data…')).not.toBeInTheDocument();
  });

  it('says when a part is missing, and when the download failed', async () => {
    const user = setupUser();
    answer({
      'GET /api/v1/me/export': () =>
        jsonResponse(
          200,
          archive({ messaging: { status: 'unavailable', message: 'could not be reached' } }),
        ),
    });
    renderRoutes('/profile');
    const s = await section();
    await user.click(s.getByRole('button', { name: 'Download my data' }));
    await expectToast(
      'Your data has been downloaded',
      'Some services could not be reached; the file says which. Try again later for a full copy.',
    );

    answer({
      'GET /api/v1/me/export': () =>
        errorResponse(503, 'COMMON.UNAVAILABLE', 'Please try again later.'),
    });
    await user.click(s.getByRole('button', { name: 'Download my data' }));
    await expectToast('Your data could not be downloaded');
  });
});

describe('Delete my account', () => {
  it('asks for the username, and checks it before asking the server', async () => {
    const user = setupUser();
    answer({});
    renderRoutes('/profile');
    const s = await section();
    await user.click(s.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const input = within(dialog).getByLabelText('Type your username to confirm');
    expect(input).toHaveFocus();
    await user.type(input, 'someone-else');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Type your username exactly as shown.')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/v1/me/deletion')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why a deletion is refused and stays signed in', async () => {
    const user = setupUser();
    answer({
      'POST /api/v1/me/deletion': () =>
        errorResponse(
          409,
          'IDENTITY.DELETION_BLOCKED_MONEY_HELD',
          'Your account cannot be deleted while an order of yours holds money.',
        ),
    });
    renderRoutes('/profile');
    const s = await section();
    await user.click(s.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(
      within(dialog).getByLabelText('Type your username to confirm'),
      profile.username,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your account cannot be deleted while an order of yours holds money.',
    );
    expect(mockSession.logout).not.toHaveBeenCalled();
  });

  it('deletes with the typed username, then signs out', async () => {
    const user = setupUser();
    answer({
      'POST /api/v1/me/deletion': () =>
        jsonResponse(200, { deleted: true, deletedAt: '2026-11-27T10:00:00.000Z' }),
    });
    renderRoutes('/profile');
    const s = await section();
    await user.click(s.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(
      within(dialog).getByLabelText('Type your username to confirm'),
      profile.username.toUpperCase(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await expectToast('Your account has been deleted');
    await waitFor(() => expect(mockSession.logout).toHaveBeenCalledTimes(1));
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/v1/me/deletion')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      confirmUsername: profile.username.toUpperCase(),
    });
  });
});
