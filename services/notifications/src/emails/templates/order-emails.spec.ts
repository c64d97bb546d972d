import { deliveredEmail } from './order-emails';

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
