import { ApiError } from './api-client';
import { serverFieldErrors } from './field-errors';

const refusal = (code: string, message: string, details?: unknown) =>
  new ApiError(400, { code, message, details, requestId: 'req-1' });

const FIELDS = {
  amountCents: 'amount',
  'wanted.amountCents': 'amount',
  message: 'message',
} as const;

describe('serverFieldErrors', () => {
  it('maps validation details [{ field, messages }] to form fields, first message per field', () => {
    const error = refusal('COMMON.VALIDATION_FAILED', 'The amount is a whole number of cents.', [
      { field: 'wanted.amountCents', messages: ['The amount is a whole number of cents.'] },
      { field: 'message', messages: ['Write a message.', 'Keep the message short.'] },
      { field: 'amountCents', messages: ['A second amount message loses.'] },
      { field: 'photoIds', messages: ['Not a field of this form.'] },
    ]);
    expect(serverFieldErrors(error, FIELDS)).toEqual({
      amount: 'The amount is a whole number of cents.',
      message: 'Write a message.',
    });
  });

  it('puts the message of a domain refusal on the field its details name', () => {
    const error = refusal(
      'ORDERS.OFFER_COUNTER_INVALID',
      'A counter-offer must be above the offer and at most the asking price.',
      { field: 'amountCents', minimumCents: 20_001, maximumCents: 25_000 },
    );
    expect(serverFieldErrors(error, FIELDS)).toEqual({
      amount: 'A counter-offer must be above the offer and at most the asking price.',
    });
  });

  it('puts a refusal without a field on the field its code names', () => {
    const error = refusal(
      'DISPUTES.INVALID_AMOUNT',
      'A partial refund is between €0.01 and €9.99.',
      {
        maxCents: 999,
      },
    );
    expect(serverFieldErrors(error, FIELDS)).toEqual({});
    expect(serverFieldErrors(error, FIELDS, { 'DISPUTES.INVALID_AMOUNT': 'amount' })).toEqual({
      amount: 'A partial refund is between €0.01 and €9.99.',
    });
  });

  it('gives nothing for other errors, unknown fields, or names of Object.prototype', () => {
    expect(serverFieldErrors(new Error('offline'), FIELDS)).toEqual({});
    expect(
      serverFieldErrors(refusal('ORDERS.OFFER_CLOSED', 'Closed.', { status: 'closed' }), FIELDS),
    ).toEqual({});
    expect(
      serverFieldErrors(refusal('X', 'Bad.', [{ field: 'toString', messages: ['Bad.'] }]), FIELDS),
    ).toEqual({});
    expect(
      serverFieldErrors(
        refusal('X', 'Bad.', [null, 'text', { field: 'message', messages: [] }]),
        FIELDS,
      ),
    ).toEqual({});
  });

  it('maps API names by a function (a prefix or a nested path), the first message per field', () => {
    const byRule = (f: string) =>
      f.startsWith('limits.') ? f.slice(7) : f.split('.')[0] === 'address' ? 'address' : undefined;
    const error = refusal('COMMON.VALIDATION_FAILED', 'Invalid.', [
      { field: 'limits.aegJoules', messages: ['Too high.'] },
      { field: 'address.line1', messages: ['Enter a street.'] },
      { field: 'address.county', messages: ['Loses to line1.'] },
      { field: 'name', messages: ['Not shown by this form.'] },
    ]);
    expect(serverFieldErrors(error, byRule)).toEqual({
      aegJoules: 'Too high.',
      address: 'Enter a street.',
    });
    expect(
      serverFieldErrors(refusal('X', 'Too high.', { field: 'limits.dmrJoules' }), byRule),
    ).toEqual({ dmrJoules: 'Too high.' });
  });

  it('reads a details item with a single message, and a code on a field after the details', () => {
    const error = refusal('IDENTITY.EMAIL_TAKEN', 'Email in use.', [
      { field: 'message', message: 'Write a message.' },
    ]);
    expect(serverFieldErrors(error, FIELDS, { 'IDENTITY.EMAIL_TAKEN': 'amount' })).toEqual({
      message: 'Write a message.',
      amount: 'Email in use.',
    });
  });
});
