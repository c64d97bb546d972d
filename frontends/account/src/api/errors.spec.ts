import { ApiError } from '@loadout/web';
import { errorMessage, fieldErrorsFrom } from './errors';

const apiError = (status: number, code: string, message: string, details?: unknown) =>
  new ApiError(status, { code, message, details, requestId: 'r1' });

describe('fieldErrorsFrom', () => {
  const fields = ['username', 'email', 'password'];

  it('reads validation details, first message per field', () => {
    const error = apiError(400, 'COMMON.VALIDATION_FAILED', 'Invalid', [
      { field: 'email', messages: ['email must be an email', 'another'] },
      { field: 'unknownField', messages: ['ignored'] },
    ]);
    expect(fieldErrorsFrom(error, fields)).toEqual({ email: 'Email must be an email' });
  });

  it('puts taken usernames and emails on their field', () => {
    expect(
      fieldErrorsFrom(apiError(409, 'IDENTITY.USERNAME_TAKEN', 'Username taken.'), fields),
    ).toEqual({ username: 'Username taken.' });
    expect(
      fieldErrorsFrom(
        apiError(409, 'IDENTITY.EMAIL_TAKEN', 'Email in use.', { field: 'email' }),
        fields,
      ),
    ).toEqual({ email: 'Email in use.' });
  });

  it('ignores other errors', () => {
    expect(fieldErrorsFrom(new Error('boom'), fields)).toEqual({});
    expect(fieldErrorsFrom(apiError(500, 'HTTP.500', 'Server error'), fields)).toEqual({});
  });
});

describe('errorMessage', () => {
  it('falls back when there is no message', () => {
    expect(errorMessage(apiError(502, 'HTTP.502', ''), 'Sign in failed')).toBe('Sign in failed');
    expect(errorMessage('nope', 'Sign in failed')).toBe('Sign in failed');
    expect(errorMessage(new Error('Invalid email or password.'), 'x')).toBe(
      'Invalid email or password.',
    );
  });
});
