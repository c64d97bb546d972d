import { type DisputeView } from '@loadout/contracts';
import { createSession } from '@loadout/web';
import {
  FakeXhr,
  callsTo,
  errorResponse,
  expectToast,
  mockApi,
  setupUser,
} from '@loadout/web/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { BUYER, SELLER, buildOrder, renderRoutes, shipped } from '../test-utils';

function buildDispute(over: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    orderId: 'o1',
    buyerId: BUYER.id,
    sellerId: SELLER.id,
    origin: 'buyer',
    status: 'open',
    reason: 'not_received',
    description: 'Tracking has not moved for a week.',
    wanted: { kind: 'full_refund' },
    orderTotalCents: 26599,
    response: null,
    outcome: null,
    respondBy: '2026-11-29T12:00:00Z',
    openedAt: '2026-11-26T12:00:00Z',
    resolvedAt: null,
    ...over,
  };
}

describe('Open a dispute (My Purchases)', () => {
  it('sends the reason, description and a partial amount in cents, once, with an Idempotency-Key', async () => {
    const order = shipped(buildOrder({ id: 'o1' }));
    const api = mockApi({
      '/api/v1/orders': { items: [order], nextCursor: null },
      'POST /api/v1/orders/o1/disputes': buildDispute(),
      '/api/v1/disputes': { items: [buildDispute()] },
    });
    renderRoutes('/buyer-dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
    await user.selectOptions(within(dialog).getByLabelText('What went wrong?'), 'damaged');
    await user.click(within(dialog).getByRole('radio', { name: 'A partial refund' }));
    await user.type(within(dialog).getByLabelText('Amount back to you (€)'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    // Nothing sent while a field is wrong: no description, an amount above the total.
    expect(callsTo(api, 'POST /api/v1/orders/o1/disputes')).toHaveLength(0);
    expect(within(dialog).getByText('Describe the problem.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter an amount between €0.01 and €265.98.'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Amount back to you (€)'));
    await user.type(within(dialog).getByLabelText('Amount back to you (€)'), '40.5');
    await user.type(within(dialog).getByLabelText('Describe the problem'), 'The barrel is bent.');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));

    await expectToast('Dispute opened');
    const calls = callsTo(api, 'POST /api/v1/orders/o1/disputes');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      reason: 'damaged',
      description: 'The barrel is bent.',
      wanted: { kind: 'partial_refund', amountCents: 4050 },
    });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Disputes', level: 1 })).toBeInTheDocument();
  });
});

describe('Evidence photos (ADR 0037)', () => {
  const realXhr = globalThis.XMLHttpRequest;
  const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });
  const bytes = () =>
    ({
      ok: true,
      status: 200,
      headers: { get: () => null },
      blob: () => Promise.resolve(new Blob(['webp'])),
    }) as unknown as Response;

  beforeEach(() => {
    FakeXhr.reset();
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    URL.createObjectURL = jest.fn(() => 'blob:photo');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });

  it('uploads a chosen photo with its progress and opens the dispute with its id', async () => {
    const order = shipped(buildOrder({ id: 'o1' }));
    const api = mockApi({
      '/api/v1/orders': { items: [order], nextCursor: null },
      'POST /api/v1/orders/o1/disputes': buildDispute(),
      '/api/v1/disputes': { items: [buildDispute()] },
    });
    renderRoutes('/buyer-dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
    await user.type(within(dialog).getByLabelText('Describe the problem'), 'Cracked stock.');
    await user.upload(within(dialog).getByLabelText('Photos of the problem (optional)'), [
      jpeg('stock.jpg'),
    ]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/orders\/o1\/dispute-photos$/);
    expect(xhr.requestHeaders['content-type']).toBe('image/jpeg');
    act(() => xhr.progress(5));
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Uploading Photo 1 (stock.jpg)' }),
    ).toHaveAttribute('value', '50');
    expect(within(dialog).getByRole('img', { name: 'Photo 1 (stock.jpg)' })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    expect(within(dialog).getByRole('button', { name: 'Open dispute' })).toBeDisabled();
    act(() => xhr.respond(201, undefined, { id: 'p1', width: 1200, height: 900 }));
    expect(await within(dialog).findByText('Ready')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    await expectToast('Dispute opened');
    expect(callsTo(api, 'POST /api/v1/orders/o1/disputes')[0]!.body).toEqual({
      reason: 'not_received',
      description: 'Cracked stock.',
      wanted: { kind: 'full_refund' },
      photoIds: ['p1'],
    });
  });

  it('shows a refused photo’s reason, lets it be removed, and takes at most five', async () => {
    const order = shipped(buildOrder({ id: 'o1' }));
    mockApi({ '/api/v1/orders': { items: [order], nextCursor: null } });
    renderRoutes('/buyer-dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
    const input = within(dialog).getByLabelText('Photos of the problem (optional)');
    await user.upload(input, jpeg('broken.jpg'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.respond(400, undefined, {
        code: 'IMAGES.UNREADABLE',
        message: 'This photo could not be read.',
        requestId: 'r',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This photo could not be read.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove Photo 1 (broken.jpg)' }));
    expect(within(dialog).queryByRole('list', { name: 'Chosen photos' })).toBeNull();
    await user.upload(
      input,
      ['1', '2', '3', '4', '5', '6'].map((n) => jpeg(`${n}.jpg`)),
    );
    expect(await within(dialog).findByText('Add at most 5 photos at a time.')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(input).toBeDisabled();
  });

  it('shows the dispute’s photos and a message’s photos in the thread, read with the token', async () => {
    const withPhotos = buildDispute({
      photos: [{ id: 'p1', width: 1200, height: 900 }],
      messages: [
        {
          id: 'm1',
          authorId: SELLER.id,
          authorRole: 'seller',
          body: 'How I packed it.',
          photos: [{ id: 'p2', width: 640, height: 480 }],
          at: '2026-11-26T13:00:00Z',
        },
      ],
    });
    const api = mockApi({
      '/api/v1/disputes': { items: [buildDispute()] },
      '/api/v1/disputes/d1': withPhotos,
      '/api/v1/disputes/d1/photos/p1': () => bytes(),
      '/api/v1/disputes/d1/photos/p2': () => bytes(),
    });
    renderRoutes('/disputes');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Show the thread' }));
    expect(
      await screen.findByRole('img', { name: 'Photos with the dispute: photo 1' }),
    ).toHaveAttribute('src', 'blob:photo');
    expect(
      await screen.findByRole('img', { name: 'Photos of message 1: photo 1' }),
    ).toHaveAttribute('src', 'blob:photo');
    const read = callsTo(api, 'GET /api/v1/disputes/d1/photos/p1');
    expect(read).toHaveLength(1);
    expect(read[0]!.headers.get('accept')).toBe('image/*');
  });
});

describe('The dispute form’s checks and refusals', () => {
  it('focuses the first wrong field, is disabled while sending, and puts the service’s amount refusal on the amount', async () => {
    const order = shipped(buildOrder({ id: 'o1' }));
    let answer!: (response: Response) => void;
    const api = mockApi({
      '/api/v1/orders': { items: [order], nextCursor: null },
      'POST /api/v1/orders/o1/disputes': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes('/buyer-dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
    const send = within(dialog).getByRole('button', { name: 'Open dispute' });
    await user.click(send);
    const description = within(dialog).getByLabelText('Describe the problem');
    expect(description).toHaveFocus();
    expect(description).toHaveAccessibleDescription('Describe the problem.');
    expect(callsTo(api, 'POST /api/v1/orders/o1/disputes')).toHaveLength(0);

    await user.type(description, 'Only half of it arrived.');
    await user.click(within(dialog).getByRole('radio', { name: 'A partial refund' }));
    const amount = within(dialog).getByLabelText('Amount back to you (€)');
    await user.type(amount, '100');
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    await user.click(send);
    expect(callsTo(api, 'POST /api/v1/orders/o1/disputes')).toHaveLength(1);

    answer(
      errorResponse(
        400,
        'DISPUTES.INVALID_AMOUNT',
        'A partial refund is between €0.01 and €99.99; ask for a full refund to get everything back.',
        { maxCents: 9999 },
      ),
    );
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining('A partial refund is between €0.01 and €99.99'),
      ),
    );
    await waitFor(() => expect(amount).toHaveFocus());
    expect(send).toBeEnabled();
  });
});

describe('/disputes forms', () => {
  it('checks the seller’s response on its fields, focuses the answer, and shows the service’s refusal on the message', async () => {
    let answer!: (response: Response) => void;
    const api = mockApi({
      '/api/v1/disputes': { items: [buildDispute()] },
      'POST /api/v1/disputes/d1/response': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes('/disputes', { session: createSession(SELLER) });
    const user = setupUser();
    const send = await screen.findByRole('button', { name: 'Send response' });
    await user.click(send);
    expect(
      screen.getByText('Choose an answer and write a message to the buyer.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Message to the buyer')).toHaveAccessibleDescription(
      'Write a message to the buyer.',
    );
    expect(screen.getByRole('radio', { name: /^Accept: / })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Propose a partial refund' }));
    expect(screen.queryByText('Choose an answer and write a message to the buyer.')).toBeNull();
    const amount = screen.getByLabelText('Refund to propose (€)');
    await user.type(amount, '265.99');
    const message = screen.getByLabelText('Message to the buyer');
    await user.type(message, 'Most of it back?');
    await user.click(send);
    expect(amount).toHaveAccessibleDescription('Propose between €0.01 and €265.98.');
    expect(amount).toHaveFocus();
    expect(callsTo(api, 'POST /api/v1/disputes/d1/response')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(message).toBeDisabled();
    answer(
      errorResponse(400, 'COMMON.VALIDATION_FAILED', 'Keep the message under 2,000 characters.', [
        { field: 'message', messages: ['Keep the message under 2,000 characters.'] },
      ]),
    );
    await waitFor(() =>
      expect(message).toHaveAccessibleDescription('Keep the message under 2,000 characters.'),
    );
    await waitFor(() => expect(message).toHaveFocus());
    expect(callsTo(api, 'POST /api/v1/disputes/d1/response')).toHaveLength(1);
  });

  it('says an empty thread reply needs a message and sends nothing; other refusals are a toast', async () => {
    const api = mockApi({
      '/api/v1/disputes': { items: [buildDispute()] },
      '/api/v1/disputes/d1': { ...buildDispute(), messages: [] },
      'POST /api/v1/disputes/d1/messages': errorResponse(
        409,
        'DISPUTES.ILLEGAL_TRANSITION',
        'This dispute is closed.',
      ),
    });
    renderRoutes('/disputes');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Show the thread' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    const body = screen.getByLabelText('Write in the thread');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(body).toHaveAccessibleDescription('Write a message.');
    expect(body).toHaveFocus();
    expect(callsTo(api, 'POST /api/v1/disputes/d1/messages')).toHaveLength(0);

    await user.type(body, 'Any news?');
    expect(body).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expectToast('That did not work', 'This dispute is closed.');
    expect(callsTo(api, 'POST /api/v1/disputes/d1/messages')).toHaveLength(1);
    // A refusal that names no field leaves the text for another try.
    expect(body).toHaveValue('Any news?');
  });
});

describe('/disputes', () => {
  it('lets the seller propose a partial refund with a message', async () => {
    const api = mockApi({
      '/api/v1/disputes': { items: [buildDispute()] },
      'POST /api/v1/disputes/d1/response': buildDispute({
        status: 'responded',
        response: { kind: 'propose_partial', amountCents: 5000, message: 'Half?' },
      }),
    });
    renderRoutes('/disputes', { session: createSession(SELLER) });
    const user = setupUser();
    expect(await screen.findByText('Waiting for the seller')).toBeInTheDocument();
    expect(screen.getByText(/The seller must respond by/)).toHaveTextContent('29 Nov 2026');
    await user.click(screen.getByRole('radio', { name: 'Propose a partial refund' }));
    await user.type(screen.getByLabelText('Refund to propose (€)'), '50');
    await user.type(screen.getByLabelText('Message to the buyer'), 'Half?');
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    await expectToast('Response sent');
    expect(callsTo(api, 'POST /api/v1/disputes/d1/response')[0]!.body).toEqual({
      kind: 'propose_partial',
      amountCents: 5000,
      message: 'Half?',
    });
    // The buyer's actions are not the seller's.
    expect(screen.queryByRole('button', { name: 'Withdraw the dispute' })).not.toBeInTheDocument();
  });

  it('lets the buyer accept a proposal, read the thread and write in it', async () => {
    const responded = buildDispute({
      status: 'responded',
      response: { kind: 'propose_partial', amountCents: 5000, message: 'Half?' },
    });
    const api = mockApi({
      '/api/v1/disputes': { items: [responded] },
      '/api/v1/disputes/d1': {
        ...responded,
        messages: [
          {
            id: 'm1',
            authorId: SELLER.id,
            authorRole: 'seller',
            body: 'Posted Monday.',
            photos: [],
            at: '2026-11-26T13:00:00Z',
          },
        ],
      },
      'POST /api/v1/disputes/d1/messages': { ...responded, messages: [] },
      'POST /api/v1/disputes/d1/accept-proposal': buildDispute({
        status: 'resolved',
        outcome: { kind: 'partial_refund', refundCents: 5000, decidedBy: 'buyer', statement: null },
      }),
    });
    renderRoutes('/disputes');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Show the thread' }));
    expect(await screen.findByText('Posted Monday.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Write in the thread'), 'Thanks.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo(api, 'POST /api/v1/disputes/d1/messages')[0]!.body).toEqual({
        body: 'Thanks.',
      }),
    );
    expect(screen.getByLabelText('Photos (optional)')).toHaveAttribute('type', 'file');

    await user.click(screen.getByRole('button', { name: 'Accept €50.00 back' }));
    await expectToast('Proposal accepted');
    expect(
      callsTo(api, 'POST /api/v1/disputes/d1/accept-proposal')[0]!.headers.get('Idempotency-Key'),
    ).toBeTruthy();
  });

  it('walks a return: the buyer says it was sent back, the seller confirms it arrived', async () => {
    const awaiting = buildDispute({
      status: 'awaiting_return',
      wanted: { kind: 'return_and_refund' },
      response: { kind: 'accept', amountCents: null, message: 'Send it back' },
      respondBy: '2026-12-03T12:00:00Z',
    });
    const api = mockApi({
      '/api/v1/disputes': { items: [awaiting] },
      'POST /api/v1/disputes/d1/return-shipped': { ...awaiting, status: 'return_shipped' },
    });
    renderRoutes('/disputes');
    const user = setupUser();
    expect(await screen.findByText(/The buyer sends the item back by/)).toHaveTextContent(
      '3 Dec 2026',
    );
    await user.click(screen.getByRole('button', { name: 'I have sent it back' }));
    await expectToast('The seller has been told');
    expect(callsTo(api, 'POST /api/v1/disputes/d1/return-shipped')).toHaveLength(1);
  });

  it('lets the seller confirm a return that arrived', async () => {
    const shippedBack = buildDispute({
      status: 'return_shipped',
      wanted: { kind: 'return_and_refund' },
      response: { kind: 'accept', amountCents: null, message: 'Send it back' },
    });
    const api = mockApi({
      '/api/v1/disputes': { items: [shippedBack] },
      'POST /api/v1/disputes/d1/return-received': buildDispute({ status: 'resolved' }),
    });
    renderRoutes('/disputes', { session: createSession(SELLER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'The item is back with me' }));
    await expectToast('Return confirmed');
    expect(
      callsTo(api, 'POST /api/v1/disputes/d1/return-received')[0]!.headers.get('Idempotency-Key'),
    ).toBeTruthy();
  });

  it('withdraws only after asking', async () => {
    const api = mockApi({
      '/api/v1/disputes': { items: [buildDispute()] },
      'POST /api/v1/disputes/d1/withdraw': buildDispute({ status: 'withdrawn' }),
    });
    renderRoutes('/disputes');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this dispute?' });
    expect(callsTo(api, 'POST /api/v1/disputes/d1/withdraw')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await expectToast('Dispute withdrawn');
    expect(callsTo(api, 'POST /api/v1/disputes/d1/withdraw')).toHaveLength(1);
  });

  it('says so when there are none', async () => {
    mockApi({ '/api/v1/disputes': { items: [] } });
    renderRoutes('/disputes');
    expect(await screen.findByText('No disputes')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', () => {
    mockApi({});
    renderRoutes('/disputes', { session: createSession('signed-out') });
    expect(
      screen.getByRole('heading', { name: 'Sign in to see your disputes' }),
    ).toBeInTheDocument();
  });
});
