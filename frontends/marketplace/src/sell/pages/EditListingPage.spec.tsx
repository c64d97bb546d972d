import { screen, waitFor, within } from '@testing-library/react';
import {
  buildImage,
  buildListing,
  errorResponse,
  expectToast,
  installApi,
  installBrowserFakes,
  jsonResponse,
  photoCard,
  renderSell,
  setupUser,
  where,
} from '../test-utils';

const ID = 'lst_00000000000000001';
const PATH = `/api/v1/listings/${ID}`;

beforeEach(() => {
  installBrowserFakes();
});

describe('EditListingPage', () => {
  it('prefills the form from a draft, photos in order, and saves the changes', async () => {
    const user = setupUser();
    const draft = buildListing({ status: 'draft', priceCents: 4550, publishedAt: null });
    const api = installApi({
      [`GET ${PATH}`]: jsonResponse(200, draft),
      [`PATCH ${PATH}`]: jsonResponse(200, { ...draft, title: 'Tokyo Marui M4 MWS + 3 mags' }),
    });
    renderSell(`/sell/${ID}`);
    expect(screen.getByRole('status', { name: 'Loading your listing' })).toBeInTheDocument();

    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Tokyo Marui M4 MWS');
    expect(screen.getByLabelText('Description')).toHaveValue(draft.description);
    expect(screen.getByLabelText('Category')).toHaveValue('gas_rifles');
    expect(screen.getByLabelText('Condition')).toHaveValue('good');
    expect(screen.getByLabelText('Price in euro')).toHaveValue('45.50');
    expect(screen.getByLabelText('County')).toHaveValue('Cork');
    expect(screen.getByLabelText('Tracked post')).toBeChecked();
    expect(screen.getByLabelText('Postage price in euro')).toHaveValue('12');
    expect(screen.getByLabelText('Collection in person')).toBeChecked();
    expect(screen.getByLabelText('Measured muzzle velocity (fps)')).toHaveValue('310');
    expect(screen.getByText(/0\.89 J — within the Irish 1 joule limit/)).toBeVisible();
    expect(screen.getByRole('img', { name: 'Saved photo 1' })).toHaveAttribute(
      'src',
      buildImage(1).thumbUrl,
    );
    expect(within(photoCard('Saved photo 1')).getByText('Cover photo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish listing' })).toBeEnabled();

    await user.type(title, ' + 3 mags');
    await user.click(screen.getByRole('button', { name: 'Move right: Saved photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await expectToast('Draft saved');
    expect(api.to('PATCH', PATH)[0]!.body).toMatchObject({
      title: 'Tokyo Marui M4 MWS + 3 mags',
      priceCents: 4550,
      imageIds: [buildImage(2).id, buildImage(1).id],
    });
    expect(api.to('PATCH', PATH)[0]!.body).not.toHaveProperty('publish');
    expect(where()).toBe(`/sell/${ID}`);
  });

  it('publishes a draft: saves it, then publishes it', async () => {
    const user = setupUser();
    const draft = buildListing({ status: 'draft' });
    const api = installApi({
      [`GET ${PATH}`]: jsonResponse(200, draft),
      [`PATCH ${PATH}`]: jsonResponse(200, draft),
      [`POST ${PATH}/publish`]: jsonResponse(200, { ...draft, status: 'active' }),
    });
    renderSell(`/sell/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Publish listing' }));
    await expectToast('Your listing is live');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${PATH}`,
      `PATCH ${PATH}`,
      `POST ${PATH}/publish`,
    ]);
    await waitFor(() => expect(where()).toBe(`/listing/${ID}`));
  });

  it('withdraws an active listing after confirmation', async () => {
    const user = setupUser();
    const active = buildListing();
    const api = installApi({
      [`GET ${PATH}`]: jsonResponse(200, active),
      [`DELETE ${PATH}`]: jsonResponse(200, { ...active, status: 'removed' }),
      'GET /api/v1/listings/mine': jsonResponse(200, { items: [], nextCursor: null, total: 0 }),
    });
    renderSell(`/sell/${ID}`);
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish listing' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw listing' }));
    let dialog = screen.getByRole('dialog', { name: 'Withdraw this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep listing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('DELETE', PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Withdraw listing' }));
    dialog = screen.getByRole('dialog', { name: 'Withdraw this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw listing' }));

    await expectToast('Listing withdrawn');
    expect(api.to('DELETE', PATH)).toHaveLength(1);
    await waitFor(() => expect(where()).toBe('/sell/listings'));
  });

  it('keeps the dialog open with the reason when withdrawing fails', async () => {
    const user = setupUser();
    installApi({
      [`GET ${PATH}`]: jsonResponse(200, buildListing()),
      [`DELETE ${PATH}`]: errorResponse(409, 'LISTINGS.RESERVED', 'A buyer is paying for it.'),
    });
    renderSell(`/sell/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Withdraw listing' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw listing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A buyer is paying for it.');
    expect(where()).toBe(`/sell/${ID}`);
  });

  it('says clearly when the listing does not exist', async () => {
    installApi({ [`GET ${PATH}`]: errorResponse(404, 'LISTINGS.NOT_FOUND', 'Not found') });
    renderSell(`/sell/${ID}`);
    expect(await screen.findByText(/We couldn’t find this listing/)).toBeVisible();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('refuses to edit someone else’s listing', async () => {
    installApi({
      [`GET ${PATH}`]: jsonResponse(200, buildListing({ sellerId: 'u_someoneelse00000001' })),
    });
    renderSell(`/sell/${ID}`);
    expect(await screen.findByText('You can only edit your own listings.')).toBeVisible();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('says so on a 403', async () => {
    installApi({ [`GET ${PATH}`]: errorResponse(403, 'AUTH.FORBIDDEN', 'Forbidden') });
    renderSell(`/sell/${ID}`);
    expect(await screen.findByText('You can only edit your own listings.')).toBeVisible();
  });

  it('offers a retry when loading fails', async () => {
    const user = setupUser();
    let calls = 0;
    installApi({
      [`GET ${PATH}`]: () =>
        (calls += 1) === 1
          ? errorResponse(503, 'GATEWAY.UPSTREAM_UNAVAILABLE', 'Listings are unavailable.')
          : jsonResponse(200, buildListing()),
    });
    renderSell(`/sell/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Listings are unavailable.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('Tokyo Marui M4 MWS');
  });

  it('shows a sold listing read-only', async () => {
    installApi({ [`GET ${PATH}`]: jsonResponse(200, buildListing({ status: 'sold' })) });
    renderSell(`/sell/${ID}`);
    expect(await screen.findByText(/This item has sold/)).toBeVisible();
    expect(screen.getByText('Sold')).toBeVisible();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View listing' })).toHaveAttribute(
      'href',
      `/listing/${ID}`,
    );
  });

  it('shows the moderator’s reason for a removed listing', async () => {
    installApi({
      [`GET ${PATH}`]: jsonResponse(
        200,
        buildListing({ status: 'removed', removalReason: 'Declared power above 1 joule.' }),
      ),
    });
    renderSell(`/sell/${ID}`);
    expect(
      await screen.findByText(
        'Loadout removed this listing. Reason: Declared power above 1 joule.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Removed by Loadout')).toBeVisible();
  });
});
