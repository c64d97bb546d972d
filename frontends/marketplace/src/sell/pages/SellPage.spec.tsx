import { createSession } from '@loadout/web';
import { jouleLimitMessage } from '@loadout/listing-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '@loadout/web/testing';
import {
  buildImage,
  buildListing,
  errorResponse,
  expectToast,
  fillRequiredDetails,
  imageFile,
  installApi,
  installBrowserFakes,
  jsonResponse,
  photoCard,
  renderSell,
  setupUser,
  uploadRoutes,
  where,
} from '../test-utils';

beforeEach(() => {
  installBrowserFakes();
});

describe('SellPage', () => {
  it('asks signed-out visitors to sign in and comes back to /sell', async () => {
    const user = setupUser();
    const api = installApi({});
    const login = jest.fn(() => Promise.resolve());
    renderSell('/sell', createSession('signed-out', { login }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in to sell an item' }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(login).toHaveBeenCalledWith({ redirectTo: '/sell' });
    expect(api.calls).toHaveLength(0);
  });

  it('shows a spinner while the session loads', () => {
    renderSell('/sell', createSession('loading'));
    expect(screen.getByRole('status', { name: 'Checking your sign-in' })).toBeInTheDocument();
  });

  it('computes the joules live, refuses 350 fps on 0.20 g and blocks publishing', async () => {
    const user = setupUser();
    installApi({});
    renderSell('/sell');
    expect(screen.queryByLabelText('Measured muzzle velocity (fps)')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'aeg_rifles');
    const fps = screen.getByLabelText('Measured muzzle velocity (fps)');
    expect(screen.getByLabelText('BB weight (grams)')).toHaveValue('0.20');
    await user.type(fps, '350');

    expect(screen.getByText(jouleLimitMessage(1.138))).toBeVisible();
    expect(jouleLimitMessage(1.138)).toContain('1.14 J');
    expect(fps).toHaveAttribute('aria-invalid', 'true');
    expect(fps).toHaveAccessibleDescription(expect.stringContaining('Firearms Act 1925'));
    expect(screen.getByText(/1\.14 J — over the Irish 1 joule limit/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Publish listing' })).toBeDisabled();

    await user.clear(fps);
    await user.type(fps, '328');
    expect(screen.getByText(/1\.00 J — within the Irish 1 joule limit/)).toBeVisible();
    expect(fps).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Publish listing' })).toBeEnabled();

    // A heavier BB at the same velocity carries more energy.
    const bb = screen.getByLabelText('BB weight (grams)');
    await user.clear(bb);
    await user.type(bb, '0.25');
    expect(screen.getByText(/1\.25 J — over the Irish 1 joule limit/)).toBeVisible();
  });

  it('hides the replica power fields for gear', async () => {
    const user = setupUser();
    installApi({});
    renderSell('/sell');
    await user.selectOptions(screen.getByLabelText('Category'), 'sniper_rifles');
    expect(screen.getByRole('heading', { name: 'Replica power' })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Category'), 'optics');
    expect(screen.queryByRole('heading', { name: 'Replica power' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Measured muzzle velocity (fps)')).not.toBeInTheDocument();
  });

  it('groups the categories into replicas and gear', () => {
    installApi({});
    renderSell('/sell');
    const category = screen.getByLabelText('Category');
    const groups = within(category).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Replicas', 'Gear']);
    expect(within(groups[0]!).getByRole('option', { name: 'AEG rifles' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('County')).getAllByRole('option')).toHaveLength(27);
  });

  it('refuses a price with more than 2 decimals once the field is left', async () => {
    const user = setupUser();
    installApi({});
    renderSell('/sell');
    const price = screen.getByLabelText('Price in euro');
    await user.type(price, '45.505');
    expect(price).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining('at most 2 decimals'));
    await user.clear(price);
    await user.type(price, '45.50');
    expect(price).not.toHaveAttribute('aria-invalid');
  });

  it('counts the title characters live', async () => {
    const user = setupUser();
    installApi({});
    renderSell('/sell');
    await user.type(screen.getByLabelText('Title'), 'M4 A1');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      expect.stringContaining('5 / 80 characters'),
    );
  });

  it('publishes the listing with cents and the photos in display order', async () => {
    const user = setupUser();
    const listing = buildListing({ id: 'lst_published0000001' });
    const api = installApi({
      ...uploadRoutes(),
      'POST /api/v1/listings': jsonResponse(201, listing),
    });
    renderSell('/sell');

    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('front.jpg'),
      imageFile('side.png', 'image/png'),
    ]);
    expect(await screen.findByText('side.png uploaded.')).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST', '/api/v1/uploads/up_1/complete')).toHaveLength(1));
    expect(FakeXhr.sent.map((x) => x.requestHeaders)).toEqual([
      { 'content-type': 'image/jpeg' },
      { 'content-type': 'image/jpeg' },
    ]);
    expect(api.to('POST', '/api/v1/uploads')[0]!.body).toEqual({
      fileName: 'front.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 2048,
    });

    expect(within(photoCard('front.jpg')).getByText('Cover photo')).toBeInTheDocument();
    const moveLeft = screen.getByRole('button', { name: 'Move left: side.png' });
    await user.click(moveLeft);
    expect(within(photoCard('side.png')).getByText('Cover photo')).toBeInTheDocument();
    // Focus stays on the moved photo's buttons (left is now disabled: it is first).
    expect(screen.getByRole('button', { name: 'Move right: side.png' })).toHaveFocus();

    await fillRequiredDetails(user);
    await user.click(screen.getByRole('button', { name: 'Publish listing' }));

    await expectToast('Your listing is live');
    expect(api.to('POST', '/api/v1/listings')[0]!.body).toEqual({
      title: 'Tokyo Marui Hi-Capa 5.1',
      description: 'Gas blowback pistol, two magazines, new seals last month.',
      category: 'pistols',
      condition: 'good',
      priceCents: 4550,
      county: 'Cork',
      shipping: { postageCents: 800, collection: true },
      fps: 300,
      bbWeightGrams: 0.2,
      imageIds: [buildImage(102).id, buildImage(101).id],
      publish: true,
    });
    await waitFor(() => expect(where()).toBe('/listing/lst_published0000001'));
  });

  it('moves focus to the first problem when publishing an incomplete form', async () => {
    const user = setupUser();
    const api = installApi({});
    renderSell('/sell');
    await user.type(screen.getByLabelText('Title'), 'M4');
    await user.click(screen.getByRole('button', { name: 'Publish listing' }));

    const photos = screen.getByLabelText('Add photos');
    await waitFor(() => expect(photos).toHaveFocus());
    expect(photos).toHaveAccessibleDescription(
      expect.stringContaining('Add at least one photo to publish.'),
    );
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      expect.stringContaining('Title must be 5 to 80 characters.'),
    );
    expect(screen.getByLabelText('County')).toHaveAccessibleDescription(
      'A county is required to publish.',
    );
    expect(screen.getByLabelText('Tracked post')).toHaveAccessibleDescription(
      'Offer tracked post, collection in person, or both.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields', async () => {
    const user = setupUser();
    installApi({
      ...uploadRoutes(),
      'POST /api/v1/listings': errorResponse(400, 'VALIDATION.FAILED', 'Check the listing.', [
        { field: 'description', messages: ['Description contains a phone number.'] },
        {
          field: 'shipping.postageCents',
          messages: ['Postage must be between €0.00 and €100.00.'],
        },
      ]),
    });
    renderSell('/sell');
    await user.upload(screen.getByLabelText('Add photos'), imageFile('front.jpg'));
    await screen.findByText('front.jpg uploaded.');
    await fillRequiredDetails(user);
    await user.click(screen.getByRole('button', { name: 'Publish listing' }));

    const description = screen.getByLabelText('Description');
    await waitFor(() => expect(description).toHaveFocus());
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription(
      expect.stringContaining('Description contains a phone number.'),
    );
    expect(screen.getByLabelText('Postage price in euro')).toHaveAccessibleDescription(
      'Postage must be between €0.00 and €100.00.',
    );
    expect(where()).toBe('/sell');

    await user.type(description, ' Collection only.');
    expect(description).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server’s 1 joule refusal on the velocity field', async () => {
    const user = setupUser();
    installApi({
      ...uploadRoutes(),
      'POST /api/v1/listings': errorResponse(
        422,
        'LISTINGS.JOULE_LIMIT_EXCEEDED',
        'Refused: above 1 joule.',
      ),
    });
    renderSell('/sell');
    await user.upload(screen.getByLabelText('Add photos'), imageFile('front.jpg'));
    await screen.findByText('front.jpg uploaded.');
    await fillRequiredDetails(user);
    await user.click(screen.getByRole('button', { name: 'Publish listing' }));
    const fps = screen.getByLabelText('Measured muzzle velocity (fps)');
    await waitFor(() => expect(fps).toHaveFocus());
    expect(fps).toHaveAccessibleDescription(expect.stringContaining('Refused: above 1 joule.'));
  });

  it('saves a draft with just a title and opens it for editing', async () => {
    const user = setupUser();
    const draft = buildListing({
      id: 'lst_draft000000000001',
      status: 'draft',
      title: 'Spare M4 magazines',
      description: '',
      category: null,
      condition: null,
      priceCents: null,
      county: null,
      shipping: { postageCents: null, collection: false },
      fps: null,
      bbWeightGrams: null,
      images: [],
      joules: null,
      thumbUrl: null,
      publishedAt: null,
    });
    const api = installApi({
      'POST /api/v1/listings': jsonResponse(201, draft),
      'GET /api/v1/listings/lst_draft000000000001': jsonResponse(200, draft),
    });
    renderSell('/sell');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      expect.stringContaining('Title is required.'),
    );
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Spare M4 magazines');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expectToast('Draft saved');
    expect(api.to('POST', '/api/v1/listings')[0]!.body).toEqual({
      title: 'Spare M4 magazines',
      imageIds: [],
    });
    await waitFor(() => expect(where()).toBe('/sell/lst_draft000000000001'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Spare M4 magazines');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });
});
