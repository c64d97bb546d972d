import { mockApi } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { buildOrder, paid, renderRoutes } from '../test-utils';

describe('purchase success', () => {
  it('shows the escrow timeline with the real ship-by deadline and links to My Purchases', async () => {
    mockApi({ '/api/v1/orders/o1': paid(buildOrder({ id: 'o1' })) });
    renderRoutes('/purchase-success?order=o1');
    const heading = await screen.findByRole('heading', {
      name: 'Thank you — your payment is held in escrow',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/The seller must ship by/)).toHaveTextContent('Mon 30 Nov 2026');
    const timeline = within(screen.getByRole('list', { name: 'Escrow timeline' }));
    expect(timeline.getByText('Payment received, money held in escrow')).toBeInTheDocument();
    expect(timeline.getByText(/The seller ships by Mon 30 Nov 2026/)).toBeInTheDocument();
    expect(timeline.getByText(/released automatically 14 days after shipping/)).toBeInTheDocument();
    expect(screen.getByText('Escrow protection fee (2.5%)')).toBeInTheDocument();
    expect(screen.getByText('Delivery to')).toBeInTheDocument();
    expect(
      screen.getByText(/12 Main Street, Athlone, Co\. Westmeath, N37 X2C4/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Purchases' })).toHaveAttribute(
      'href',
      '/buyer-dashboard',
    );
  });

  it('does not thank for a payment that was never made (expired order)', async () => {
    mockApi({ '/api/v1/orders/o1': buildOrder({ id: 'o1', status: 'expired' }) });
    renderRoutes('/purchase-success?order=o1');
    expect(await screen.findByText('No payment here')).toBeInTheDocument();
    expect(screen.getByText(/Tokyo Marui M4: Not paid\./)).toBeInTheDocument();
    expect(screen.queryByText(/held in escrow/)).toBeNull();
    expect(screen.queryByText('What you paid')).toBeNull();
  });

  it('says a declined payment did not go through and offers to complete it', async () => {
    mockApi({
      '/api/v1/orders/o1': buildOrder({
        id: 'o1',
        lastPaymentError: { code: 'card_declined', message: 'Your card was declined.' },
      }),
    });
    renderRoutes('/purchase-success?order=o1');
    expect(await screen.findByText('Your payment did not go through')).toBeInTheDocument();
    expect(screen.getByText(/To pay €265\.99\. Your card was declined\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete payment' })).toHaveAttribute(
      'href',
      '/checkout/listing-1?order=o1',
    );
  });

  it('without an order id points to My Purchases', () => {
    mockApi({});
    renderRoutes('/purchase-success');
    expect(screen.getByText('No order given')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Purchases' })).toHaveAttribute(
      'href',
      '/buyer-dashboard',
    );
  });
});
