import { deliveredEmail, orderCompleteEmail } from './order-emails';

describe('delivered email (to the seller)', () => {
  const mail = deliveredEmail({
    displayName: 'Cian',
    title: 'Tokyo Marui Hi-Capa 5.1',
    sellerReceivesCents: 12800,
    publicUrl: 'http://localhost:8080',
  });

  it('says the money is owed until payouts are set up, never that it is released to the seller', () => {
    expect(mail.subject).toBe('Delivery confirmed: Tokyo Marui Hi-Capa 5.1');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('€128.00 is owed to you, paid out once payouts are set up.');
      expect(body).not.toMatch(/released/i);
    }
    expect(mail.text).toContain('http://localhost:8080/seller-dashboard');
  });
});

describe('order complete email (to the buyer)', () => {
  const mail = (completedBy: 'buyer' | 'system' | 'admin') =>
    orderCompleteEmail({
      displayName: 'Aoife',
      title: 'Tokyo Marui Hi-Capa 5.1',
      totalCents: 13120,
      completedBy,
      publicUrl: 'http://localhost:8080',
    });

  it('confirms the order, what the buyer paid and where to review the seller', () => {
    const m = mail('buyer');
    expect(m.subject).toBe('Order complete: Tokyo Marui Hi-Capa 5.1');
    for (const body of [m.text, m.html]) {
      expect(body).toContain('Hi Aoife,');
      expect(body).toContain('Thanks for confirming that');
      expect(body).toContain('€131.20');
      expect(body).toContain('leave the seller a review');
    }
    expect(m.text).toContain('http://localhost:8080/buyer-dashboard');
  });

  it('says truly who completed it when the buyer did not', () => {
    expect(mail('system').text).toContain(
      'The time to confirm delivery of "Tokyo Marui Hi-Capa 5.1" has passed, so your order was completed automatically.',
    );
    expect(mail('system').text).not.toContain('Thanks for confirming');
    expect(mail('admin').text).toContain('The Loadout team completed your order');
  });
});
