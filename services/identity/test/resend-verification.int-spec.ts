import 'reflect-metadata';
import { buildSignUp } from './factories/sign-up.factory';
import { useIdentityApp } from './support/identity-harness';

describe('resending the verification email', () => {
  const t = useIdentityApp();
  const { call, outbox, userIdOf, tokenFromLink, freshIp } = t;

  it('resends the verification email only with the right password and only while unverified', async () => {
    const input = buildSignUp();
    await call('/api/v1/auth/sign-up', { body: input });
    const id = await userIdOf(input.email);
    const ip = freshIp();
    const wrong = await call('/api/v1/auth/resend-verification', {
      body: { email: input.email, password: 'not the password' },
      ip,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'IDENTITY.INVALID_CREDENTIALS',
      message: 'Invalid email or password.',
    });
    const sent = await call('/api/v1/auth/resend-verification', {
      body: { email: input.email, password: input.password },
      ip,
    });
    expect(sent).toEqual({
      status: 200,
      body: { message: 'Verification email sent! Please check your inbox.' },
    });
    const requests = (await outbox(id)).filter(
      (r) => r.topic === 'identity.user.verification_requested.v1',
    );
    expect(requests).toHaveLength(2);
    // Either link verifies; afterwards resending is refused with the seed's text.
    await call('/api/v1/auth/verify-email', {
      body: { token: tokenFromLink(String(requests[0]!.envelope.payload['verifyUrl'])) },
    });
    const already = await call('/api/v1/auth/resend-verification', {
      body: { email: input.email, password: input.password },
      ip,
    });
    expect(already.status).toBe(409);
    expect(already.body).toMatchObject({
      code: 'IDENTITY.ALREADY_VERIFIED',
      message: 'Email is already verified. You can sign in normally.',
    });
  });
});
