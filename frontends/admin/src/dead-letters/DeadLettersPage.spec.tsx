import { callsTo, expectToast, jsonResponse, mockApi, setupUser } from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../test-utils';

const EVENT = '6f1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';

describe('dead letters', () => {
  it('lists each service, replays one and discards one after confirming', async () => {
    const api = mockApi({
      '/api/v1/admin/dead-letters': {
        sources: [
          {
            service: 'notifications',
            status: 'ok',
            items: [
              {
                consumer: 'notifications',
                eventId: EVENT,
                topic: 'orders.order.paid.v1',
                error: 'SMTP down',
                attempts: 8,
                createdAt: new Date().toISOString(),
                envelope: {},
              },
            ],
          },
          { service: 'orders', status: 'unavailable', items: [] },
        ],
      },
      [`POST /api/v1/admin/dead-letters/notifications/notifications/${EVENT}/replay`]: {
        replayed: true,
      },
      [`DELETE /api/v1/admin/dead-letters/notifications/notifications/${EVENT}`]: jsonResponse(204),
      '/api/v1/admin/parked-jobs': { sources: [{ service: 'orders', status: 'ok', items: [] }] },
    });
    renderAdmin('/admin/dead-letters');
    const user = setupUser();
    const section = await screen.findByRole('region', { name: /notifications/ });
    expect(within(section).getByText('SMTP down')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^orders/ })).toHaveTextContent('unavailable');
    await user.click(within(section).getByRole('button', { name: `Replay ${EVENT}` }));
    await expectToast('Replayed');
    await user.click(within(section).getByRole('button', { name: `Discard ${EVENT}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this event?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(
        callsTo(api, `DELETE /api/v1/admin/dead-letters/notifications/notifications/${EVENT}`),
      ).toHaveLength(1),
    );
  });

  it("lists orders' parked jobs, retries one and discards one after confirming", async () => {
    const job = (id: string, kind: string) => ({
      id,
      orderId: `order-${id}`,
      kind,
      attempts: 250,
      lastError: 'gave up: processor answered 503',
      parkedAt: new Date().toISOString(),
      createdAt: new Date().toISOString(),
    });
    const api = mockApi({
      '/api/v1/admin/dead-letters': { sources: [{ service: 'orders', status: 'ok', items: [] }] },
      '/api/v1/admin/parked-jobs': {
        sources: [
          {
            service: 'orders',
            status: 'ok',
            items: [job('7', 'refund_payment'), job('8', 'transfer_to_seller')],
          },
        ],
      },
      'POST /api/v1/admin/parked-jobs/7/retry': { retried: true },
      'DELETE /api/v1/admin/parked-jobs/8': jsonResponse(204),
    });
    renderAdmin('/admin/dead-letters');
    const user = setupUser();
    const section = await screen.findByRole('region', { name: /Parked jobs of orders/ });
    expect(within(section).getByText('refund_payment')).toBeInTheDocument();
    expect(within(section).getByText('order-8')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Retry job 7' }));
    await expectToast('Retrying');
    expect(callsTo(api, 'POST /api/v1/admin/parked-jobs/7/retry')).toHaveLength(1);
    await user.click(within(section).getByRole('button', { name: 'Discard job 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(callsTo(api, 'DELETE /api/v1/admin/parked-jobs/8')).toHaveLength(1));
  });
});
