import { checkDecision } from './dispute-format';

const reasons = 'Tracking shows delivery to the buyer’s address on 3 March.';

describe('checkDecision', () => {
  it('turns a partial refund in euros into integer cents', () => {
    expect(
      checkDecision({ outcome: 'partial_refund', amount: '25.50', statement: reasons }, 10_000),
    ).toEqual({
      errors: {},
      request: { outcome: 'partial_refund', amountCents: 2550, statement: reasons },
    });
    expect(
      checkDecision({ outcome: 'partial_refund', amount: '€7,5', statement: reasons }, 10_000)
        .request?.amountCents,
    ).toBe(750);
  });

  it('refuses a partial refund of nothing, of everything or that is not an amount', () => {
    for (const amount of ['0', '100', '150', 'abc', '']) {
      const { errors, request } = checkDecision(
        { outcome: 'partial_refund', amount, statement: reasons },
        10_000,
      );
      expect(request).toBeNull();
      expect(errors.amount).toBeDefined();
    }
  });

  it('sends no amount for a release or a full refund', () => {
    expect(
      checkDecision({ outcome: 'release', amount: '12', statement: ` ${reasons} ` }, 10_000)
        .request,
    ).toEqual({ outcome: 'release', statement: reasons });
  });

  it('needs an outcome and a statement of reasons', () => {
    const { errors, request } = checkDecision({ outcome: '', amount: '', statement: 'ok' }, 100);
    expect(request).toBeNull();
    expect(errors).toEqual({
      outcome: 'Choose an outcome.',
      statement: 'Write the reasons for the decision (at least 10 characters).',
    });
    expect(
      checkDecision({ outcome: 'release', amount: '', statement: 'x'.repeat(2001) }, 100).errors
        .statement,
    ).toBe('Keep the reasons under 2,000 characters.');
  });
});
