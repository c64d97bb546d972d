import { AppError, validationError } from '@loadout/errors';
import { describeWait } from './sign-in-throttle';
import { suspensionEndText } from './suspension';

// Exact texts of seed §5 and §8 where the seed gives one.
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address before signing in. Check your inbox for a verification email.';
export const SIGN_UP_MESSAGE =
  'Account created successfully! Please check your email and verify your account before signing in.';
export const AGREEMENT_REQUIRED_MESSAGE =
  'You must accept the Terms of Service and Privacy Policy to create an account.';
export const ALREADY_VERIFIED_MESSAGE = 'Email is already verified. You can sign in normally.';
export const VERIFICATION_SENT_MESSAGE = 'Verification email sent! Please check your inbox.';
export const NO_USER_AUTHENTICATED_MESSAGE = 'No user authenticated';
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for that email address, we have sent a link to reset your password.';
export const PASSWORD_RESET_DONE_MESSAGE =
  'Your password has been changed. You can now sign in with your new password.';

export const invalidCredentials = () =>
  new AppError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password.', 'unauthenticated');
export const emailNotVerified = () =>
  new AppError('IDENTITY.EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE, 'forbidden');
/** Says until when (Irish time) or that it is permanent, and why; `details.until` for clients. */
export const accountSuspended = (reason: string | null, until: Date | null = null) =>
  new AppError(
    'IDENTITY.ACCOUNT_SUSPENDED',
    `This account is suspended ${until ? `until ${suspensionEndText(until)}` : 'permanently'}` +
      (reason ? `: ${reason}` : '. Contact support if you think this is a mistake.'),
    'forbidden',
    { until: until ? until.toISOString() : null },
  );
export const tooManyAttempts = () =>
  new AppError(
    'IDENTITY.TOO_MANY_ATTEMPTS',
    'Too many attempts. Please wait 15 minutes and try again.',
    'rate_limited',
  );
/** A sign-in refused until the guessing lane opens again (ADR 0021): says for how long. */
export const signInThrottled = (retryAfterMs: number) =>
  new AppError(
    'IDENTITY.TOO_MANY_ATTEMPTS',
    `Too many attempts. Please wait ${describeWait(retryAfterMs)} and try again.`,
    'rate_limited',
    { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  );
export const agreementRequired = () =>
  validationError('IDENTITY.AGREEMENT_REQUIRED', AGREEMENT_REQUIRED_MESSAGE);
export const under18 = (message = 'You must be 18 or older to create an account.') =>
  validationError('IDENTITY.UNDER_18', message);
export const weakPassword = (message: string) =>
  validationError('IDENTITY.WEAK_PASSWORD', message, [{ field: 'password', messages: [message] }]);
export const invalidUsername = (message: string) =>
  validationError('COMMON.VALIDATION_FAILED', message, [
    { field: 'username', messages: [message] },
  ]);
export const emailTaken = () =>
  new AppError(
    'IDENTITY.EMAIL_TAKEN',
    'An account with this email address already exists.',
    'conflict',
  );
export const usernameTaken = () =>
  new AppError('IDENTITY.USERNAME_TAKEN', 'That username is already taken.', 'conflict');
/** Same code as taken (the form shows it on the username field); says which name it is like. */
export const usernameTooSimilar = (existing: string) =>
  new AppError(
    'IDENTITY.USERNAME_TAKEN',
    `That username is too similar to an existing one (${existing}). Please choose another.`,
    'conflict',
    { field: 'username', similarTo: existing },
  );
export const tokenInvalid = () =>
  validationError(
    'IDENTITY.TOKEN_INVALID',
    'This link is invalid, has expired or has already been used. Request a new one.',
  );
export const alreadyVerified = () =>
  new AppError('IDENTITY.ALREADY_VERIFIED', ALREADY_VERIFIED_MESSAGE, 'conflict');
export const noUserAuthenticated = () =>
  new AppError('AUTH.REQUIRED', NO_USER_AUTHENTICATED_MESSAGE, 'unauthenticated');
export const profileNotFound = () =>
  new AppError('IDENTITY.PROFILE_NOT_FOUND', 'Your profile could not be found.', 'not_found');
export const userNotFound = () =>
  new AppError('IDENTITY.USER_NOT_FOUND', 'That user could not be found.', 'not_found');
export const interactionExpired = () =>
  new AppError(
    'IDENTITY.INTERACTION_EXPIRED',
    'This sign-in request has expired. Please start signing in again.',
    'not_found',
  );
export const managedByKeycloak = () =>
  new AppError(
    'IDENTITY.MANAGED_BY_KEYCLOAK',
    'Accounts are managed by the sign-in service in this deployment.',
    'not_found',
  );
export const invalidTokenClaims = (reason: string) =>
  new AppError('IDENTITY.INVALID_TOKEN_CLAIMS', reason, 'unauthenticated');
/** Keycloak mode: the account was deleted here (ADR 0039) though Keycloak still knows it. */
export const accountDeleted = () =>
  new AppError('IDENTITY.ACCOUNT_DELETED', 'This account has been deleted.', 'forbidden');
