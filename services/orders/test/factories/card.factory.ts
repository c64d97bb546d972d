import { type SimulatedCardInput } from '@loadout/contracts';

/** The simulated processor's test cards with a valid expiry and CVC. */
export const cards = {
  ok: (): SimulatedCardInput => ({
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  }),
  declined: (): SimulatedCardInput => ({
    cardNumber: '4000 0000 0000 0002',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  }),
  insufficientFunds: (): SimulatedCardInput => ({
    cardNumber: '4000 0000 0000 9995',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  }),
};
