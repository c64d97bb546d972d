import { checkOffPlatformPayment, isValidIban } from './off-platform-payment';

const flagged = (text: string) => checkOffPlatformPayment(text).flagged;

describe('off-platform payment warning', () => {
  describe('flags messages that push payment outside checkout', () => {
    it.each([
      ['an Irish IBAN with spaces', 'Send it to IE29 AIBK 9311 5212 3456 78 thanks'],
      ['an Irish IBAN without spaces', 'IE29AIBK93115212345678'],
      ['a lower-case Irish IBAN', 'my iban is ie29aibk93115212345678'],
      ['an Irish IBAN with a wrong check digit', 'IE12 AIBK 9311 5212 3456 78'],
      ['a German IBAN', 'DE89 3704 0044 0532 0130 00 is my account'],
      ['a British IBAN', 'GB29NWBK60161331926819'],
      ['a French IBAN', 'FR14 2004 1010 0505 0001 3M02 606'],
      ['a Lithuanian (Revolut) IBAN', 'LT12 1000 0111 0100 1000'],
      ['an 08x mobile next to "pay"', 'Pay me on 087 123 4567 and I will post it'],
      ['an 08x mobile without spaces next to "payment"', 'payment to 0871234567 please'],
      ['a +353 mobile next to "transfer"', 'transfer it to +353 87 123 4567'],
      ['a 00353 mobile next to "pay"', 'ring 00353 86 765 4321 to pay'],
      ['a +44 number next to "payment"', 'payment via +44 7700 900 123 works'],
      ['Revolut alone', 'I can take Revolut if that suits'],
      ['Revolut in capitals', 'REVOLUT me'],
      ['PayPal friends and family', 'PayPal friends and family only please'],
      ['friends & family', 'send it friends & family'],
      ['F&F', 'paypal f&f?'],
      ['bank transfer', 'I prefer a bank transfer'],
      ['wire transfer', 'a wire transfer is fine'],
      ['SEPA transfer', 'SEPA transfer to my account'],
      ['bank details', "I'll send you my bank details"],
      ['pay me directly', 'just pay me directly and skip the fee'],
      ['outside the site', 'can we do this outside the site to save the fee'],
      ['off the app', 'lets sort payment off the app'],
    ])('%s', (_name, text) => {
      expect(flagged(text)).toBe(true);
    });
  });

  describe('leaves ordinary messages alone', () => {
    it.each([
      ['a price', 'Would you take €250 for it?'],
      ['a price with cents', 'How about 180.00 including postage'],
      ['fps and joules', 'It shoots 328 fps with 0.20g, about 1.00 J'],
      ['an Eircode', 'I am in D02 X285, collection is fine'],
      ['a phone number without a payment word', 'Ring me on 087 123 4567 to arrange collection'],
      ['a payment word without a phone number', 'I will pay through checkout tonight'],
      ['PayPal goods and services', 'Is PayPal goods and services ok?'],
      ['a bare PayPal question', 'Does PayPal work on here?'],
      ['a year and a model number', 'Bought it in 2023, model G36C, 2 mags'],
      ['an order number', 'Order 01J9Z3K5 arrived, thanks!'],
      ['a tracking number', 'Tracking RR123456789IE'],
      ['a battery spec', '11.1v 1450mAh lipo, 20C'],
      ['family without friends', 'my family play airsoft too'],
      ['a transfer of a gun at a field', 'we can do the handover at the field on Sunday'],
      ['a short alphanumeric code', 'Code AB12 CD34 for the locker'],
    ])('%s', (_name, text) => {
      expect(flagged(text)).toBe(false);
    });
  });

  it('says why a message was flagged', () => {
    expect(
      checkOffPlatformPayment('Revolut or bank transfer to IE29 AIBK 9311 5212 3456 78').reasons,
    ).toEqual(['iban', 'payment_app', 'bank_transfer']);
    expect(checkOffPlatformPayment('pay 087 123 4567').reasons).toEqual(['phone_payment']);
  });

  it('checks IBAN check digits', () => {
    expect(isValidIban('IE29 AIBK 9311 5212 3456 78')).toBe(true);
    expect(isValidIban('IE12 AIBK 9311 5212 3456 78')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });
});
