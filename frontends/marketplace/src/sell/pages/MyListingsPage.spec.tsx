import { createSession } from '@loadout/web';
import { screen, waitFor, within } from '@testing-library/react';
import {
  buildSummary,
  errorResponse,
  installApi,
  jsonResponse,
  renderSell,
  setupUser,
} from '../test-utils';

const MINE = '/api/v1/listings/mine';

const rows = [
  buildSummary({
    id: 'lst_draft',
    title: 'Spare mags',
    status: 'draft',
    priceCents: null,
    thumbUrl: null,
  }),
  buildSummary({ id: 'lst_active', title: 'Hi-Capa 5.1', status: 'active', priceCents: 12_000 }),
  buildSummary({ id: 'lst_reserved', title: 'Plate carrier', status: 'reserved' }),
  buildSummary({ id: 'lst_sold', title: 'Red dot', status: 'sold', priceCents: 4550 }),
  buildSummary({ id: 'lst_withdrawn', title: 'Old vest', status: 'removed' }),
  {
    ...buildSummary({ id: 'lst_removed', title: 'Hot M4', status: 'removed' }),
    removalReason: 'Declared power above 1 joule.',
  },
];

describe('MyListingsPage', () => {
  it('lists the caller’s listings with their status, price and links', async () => {
    const api = installApi({
      [`GET ${MINE}`]: jsonResponse(200, { items: rows, nextCursor: null, total: 6 }),
    });
    renderSell('/sell/listings');
    expect(screen.getByRole('status', { name: 'Loading your listings' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All listings' });
    expect(api.calls[0]!.url).toBe(MINE);
    expect(screen.getByText('6 listings')).toBeVisible();

    const item = (title: string) =>
      within(list).getByRole('heading', { name: title }).closest('li') as HTMLElement;

    expect(within(item('Spare mags')).getByText('Draft')).toBeVisible();
    expect(within(item('Spare mags')).getByText('No price yet')).toBeVisible();
    expect(
      within(item('Spare mags')).getByRole('link', { name: 'Edit Spare mags' }),
    ).toHaveAttribute('href', '/sell/lst_draft');
    expect(within(item('Spare mags')).queryByRole('link', { name: /View/ })).toBeNull();

    expect(within(item('Hi-Capa 5.1')).getByText('Active')).toBeVisible();
    expect(within(item('Hi-Capa 5.1')).getByText('€120.00')).toBeVisible();
    expect(
      within(item('Hi-Capa 5.1')).getByRole('link', { name: 'View Hi-Capa 5.1' }),
    ).toHaveAttribute('href', '/listing/lst_active');
    expect(within(item('Plate carrier')).getByText('Reserved')).toBeVisible();
    expect(within(item('Plate carrier')).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(item('Red dot')).getByText('Sold')).toBeVisible();
    expect(within(item('Red dot')).getByText('€45.50')).toBeVisible();
    expect(within(item('Old vest')).getByText('Withdrawn')).toBeVisible();
    expect(within(item('Hot M4')).getByText('Removed by Loadout')).toBeVisible();
    expect(within(item('Hot M4')).getByText('Reason: Declared power above 1 joule.')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Sell an item' })[0]).toHaveAttribute(
      'href',
      '/sell',
    );
  });

  it('filters by status and loads more', async () => {
    const user = setupUser();
    const api = installApi({
      [`GET ${MINE}`]: jsonResponse(200, { items: rows, nextCursor: null, total: 6 }),
      [`GET ${MINE}?status=draft`]: jsonResponse(200, {
        items: [rows[0]],
        nextCursor: 'c2',
        total: 2,
      }),
      [`GET ${MINE}?status=draft&cursor=c2`]: jsonResponse(200, {
        items: [buildSummary({ id: 'lst_draft2', title: 'Tracer unit', status: 'draft' })],
        nextCursor: null,
        total: 2,
      }),
    });
    renderSell('/sell/listings');
    await screen.findByRole('list', { name: 'All listings' });
    await user.click(screen.getByRole('button', { name: 'Drafts' }));
    expect(screen.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true');
    const list = await screen.findByRole('list', { name: 'Drafts listings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByRole('heading', { name: 'Tracer unit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toEqual([
      MINE,
      `${MINE}?status=draft`,
      `${MINE}?status=draft&cursor=c2`,
    ]);
  });

  it('shows an empty state that leads to selling', async () => {
    installApi({ [`GET ${MINE}`]: jsonResponse(200, { items: [], nextCursor: null, total: 0 }) });
    renderSell('/sell/listings');
    expect(await screen.findByRole('heading', { name: 'You have no listings yet.' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Sell an item' })).toHaveLength(2);
  });

  it('shows an error with a retry', async () => {
    const user = setupUser();
    let calls = 0;
    installApi({
      [`GET ${MINE}`]: () =>
        (calls += 1) === 1
          ? errorResponse(500, 'INTERNAL', 'Something broke.')
          : jsonResponse(200, { items: rows.slice(0, 1), nextCursor: null, total: 1 }),
    });
    renderSell('/sell/listings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 listing')).toBeVisible();
  });

  it('asks signed-out visitors to sign in', () => {
    const api = installApi({});
    renderSell('/sell/listings', createSession('signed-out'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in to see your listings' }),
    ).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});
