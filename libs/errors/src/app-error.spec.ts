import { AppError, isErrorBody, notFoundError, validationError } from './index';

describe('AppError', () => {
  it('maps each kind to its HTTP status', () => {
    expect(notFoundError('FIELDS.NOT_FOUND', 'No such field').status).toBe(404);
    expect(validationError('X.BAD', 'bad').status).toBe(400);
    expect(new AppError('X.BUSY', 'busy', 'unavailable').status).toBe(503);
  });

  it('keeps code, message and details', () => {
    const err = validationError('FIELDS.INVALID', 'Name is required', { field: 'name' });
    expect(err).toMatchObject({
      code: 'FIELDS.INVALID',
      message: 'Name is required',
      details: { field: 'name' },
    });
  });
});

describe('isErrorBody', () => {
  it('recognises the error body shape and rejects others', () => {
    expect(isErrorBody({ code: 'A', message: 'b', requestId: 'r' })).toBe(true);
    expect(isErrorBody({ message: 'b' })).toBe(false);
    expect(isErrorBody('oops')).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});
