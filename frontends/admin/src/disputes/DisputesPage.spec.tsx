import { type DisputeView } from '@loadout/contracts';
import { callsTo, expectToast, mockApi, setupUser, where } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../test-utils';

const dispute = (over: Partial<DisputeView> = {}): DisputeView => ({
  id: 'dsp00000000000000001x',
  orderId: 'ord00000000000000001x',
  buyerId: 'buyer-1',
  sellerId: 'seller-1',
  origin: 'buyer',
  status: 'escalated',
  reason: 'not_received',
  description: 'The parcel never arrived.',
  wanted: { kind: 'full_refund' },
  orderTotalCents: 10_250,
  response: { kind: 'contest', amountCents: null, message: 'Tracking says delivered.' },
  outcome: null,
  respondBy: null,
  openedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  resolvedAt: null,
  messages: [
    {
      id: 'm1',
      authorId: 'buyer-1',
      authorRole: 'buyer',
      body: 'Nothing in my letterbox.',
      at: '2026-11-24T10:00:00.000Z',
      photos: [],
    },
  ],
  ...over,
});

describe('the disputes queue', () => {
  it('lists disputes that need an admin, with filters and the page in the URL', async () => {
    const api = mockApi({
      '/api/v1/admin/disputes': (url: URL) =>
        url.searchParams.get('cursor')
          ? { items: [dispute({ id: 'dsp2', orderId: 'ord2' })], nextCursor: null }
          : { items: [dispute()], nextCursor: 'next-1' },
    });
    renderAdmin('/admin/disputes');
    const user = setupUser();
    const table = await screen.findByRole('table');
    expect(
      within(table).getByRole('link', { name: 'Dispute on order ord00000000000000001x' }),
    ).toHaveAttribute('href', '/admin/disputes/dsp00000000000000001x');
    expect(within(table).getByText('€102.50')).toBeInTheDocument();
    expect(within(table).getByText('Escalated to admins')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Origin' }), 'chargeback');
    expect(where()).toBe('/admin/disputes?origin=chargeback');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(where()).toBe('/admin/disputes?origin=chargeback&cursor=next-1');
    expect(await screen.findByRole('link', { name: 'Dispute on order ord2' })).toBeInTheDocument();
    const last = new URL(String(api.mock.calls.at(-1)![0]), 'http://loadout.test');
    expect(last.pathname).toBe('/api/v1/admin/disputes');
    expect(last.searchParams.get('origin')).toBe('chargeback');
    expect(last.searchParams.get('cursor')).toBe('next-1');
  });
});

describe('a dispute', () => {
  it('decides a partial refund in euros, sent as cents with the statement', async () => {
    const api = mockApi({
      '/api/v1/disputes/dsp00000000000000001x': dispute(),
      'POST /api/v1/admin/disputes/dsp00000000000000001x/decision': dispute({
        status: 'resolved',
      }),
    });
    renderAdmin('/admin/disputes/dsp00000000000000001x');
    const user = setupUser();
    expect(await screen.findByText('The parcel never arrived.')).toBeInTheDocument();
    expect(screen.getByText('Tracking says delivered.')).toBeInTheDocument();
    expect(screen.getByText('Nothing in my letterbox.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Decide the dispute' });
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText('Choose an outcome.')).toBeInTheDocument();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Outcome/ }),
      'partial_refund',
    );
    const amount = within(form).getByRole('textbox', { name: /Refund to the buyer/ });
    await user.type(amount, '102.50');
    await user.type(
      within(form).getByRole('textbox', { name: /Statement of reasons/ }),
      'Tracking shows delivery but the box was opened; half back.',
    );
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText(/less than the order's €102.50/)).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/v1/admin/disputes/dsp00000000000000001x/decision')).toHaveLength(
      0,
    );
    await user.clear(amount);
    await user.type(amount, '51.25');
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await expectToast('Dispute decided');
    const [call] = callsTo(api, 'POST /api/v1/admin/disputes/dsp00000000000000001x/decision');
    expect(call!.body).toEqual({
      outcome: 'partial_refund',
      amountCents: 5125,
      statement: 'Tracking shows delivery but the box was opened; half back.',
    });
    expect(call!.headers.get('idempotency-key')).toEqual(expect.any(String));
  });

  it('lets an admin write in the thread, and offers no decision once resolved', async () => {
    const api = mockApi({
      '/api/v1/disputes/dsp00000000000000001x': dispute({ status: 'return_shipped' }),
      'POST /api/v1/disputes/dsp00000000000000001x/messages': dispute(),
    });
    renderAdmin('/admin/disputes/dsp00000000000000001x');
    const user = setupUser();
    const thread = await screen.findByRole('form', { name: 'Write in the thread' });
    expect(screen.queryByRole('form', { name: 'Decide the dispute' })).toBeNull();
    await user.click(within(thread).getByRole('button', { name: 'Post message' }));
    expect(await within(thread).findByText('Write a message.')).toBeInTheDocument();
    await user.type(
      within(thread).getByRole('textbox', { name: /Message to both parties/ }),
      'Please upload a photo of the label.',
    );
    await user.click(within(thread).getByRole('button', { name: 'Post message' }));
    await expectToast('Message posted');
    expect(callsTo(api, 'POST /api/v1/disputes/dsp00000000000000001x/messages')[0]!.body).toEqual({
      body: 'Please upload a photo of the label.',
    });
  });

  it('shows the evidence photos of the opening and of the thread, at the large size', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:evidence');
    URL.revokeObjectURL = jest.fn();
    const bytes = () =>
      ({
        ok: true,
        status: 200,
        headers: { get: () => null },
        blob: () => Promise.resolve(new Blob(['webp'])),
      }) as unknown as Response;
    const plain = dispute();
    const withPhotos = dispute({
      photos: [{ id: 'p1', width: 800, height: 600 }],
      messages: (plain.messages ?? []).map((m) => ({
        ...m,
        photos: [{ id: 'p2', width: 600, height: 800 }],
      })),
    });
    const api = mockApi({
      '/api/v1/disputes/dsp00000000000000001x': withPhotos,
      '/api/v1/disputes/dsp00000000000000001x/photos/p1': () => bytes(),
      '/api/v1/disputes/dsp00000000000000001x/photos/p2': () => bytes(),
    });
    renderAdmin('/admin/disputes/dsp00000000000000001x');
    expect(
      await screen.findByRole('img', { name: "The buyer's evidence photos: photo 1" }),
    ).toHaveAttribute('src', 'blob:evidence');
    expect(
      await screen.findByRole('img', { name: /^Photos of the message of .*: photo 1$/ }),
    ).toHaveAttribute('src', 'blob:evidence');
    const asked = api.mock.calls.map(([input]) => String(input));
    expect(asked).toContain('/api/v1/disputes/dsp00000000000000001x/photos/p1?size=large');
    expect(asked).toContain('/api/v1/disputes/dsp00000000000000001x/photos/p2?size=large');
  });
});
