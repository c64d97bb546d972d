import 'reflect-metadata';
import { buildSignUp } from './factories/sign-up.factory';
import { useIdentityApp } from './support/identity-harness';

describe('sign-up and email verification', () => {
  const t = useIdentityApp();
  const { call, outbox, userIdOf, tokenFromLink } = t;

  it('creates an unverified profile, never signs in, and asks for the verification email', async () => {
    const input = buildSignUp({ username: 'Sniper_Sean.01', sellerType: 'trader' });
    const res = await call<{ email: string; message: string }>('/api/v1/auth/sign-up', {
      body: input,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      email: input.email,
      message:
        'Account created successfully! Please check your email and verify your account before signing in.',
    });
    const id = await userIdOf(input.email);
    expect(id).toHaveLength(21);

    const rows = await outbox(id);
    expect(rows.map((r) => r.topic)).toEqual([
      'identity.user.registered.v1',
      'identity.user.verification_requested.v1',
    ]);
    expect(rows[0]!.envelope.payload).toEqual({
      userId: id,
      email: input.email,
      username: 'sniper_sean.01',
      fullName: input.fullName,
      sellerType: 'trader',
    });
    const link = String(rows[1]!.envelope.payload['verifyUrl']);
    expect(link).toMatch(new RegExp(`^${t.base}/auth/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    // Only the hash is kept.
    const stored = (await t.ds.query(
      `SELECT token_hash FROM identity.account_tokens WHERE user_id = $1`,
      [id],
    )) as Array<{ token_hash: string }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(tokenFromLink(link));
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const profile = (
      await t.ds.query(
        `SELECT bio, location, role, email_verified_at FROM identity.users WHERE id = $1`,
        [id],
      )
    )[0];
    expect(profile).toEqual({ bio: '', location: '', role: 'user', email_verified_at: null });

    const verified = await call<{ email: string }>('/api/v1/auth/verify-email', {
      body: { token: tokenFromLink(link) },
    });
    expect(verified).toEqual({ status: 200, body: { email: input.email } });
    expect((await outbox(id)).at(-1)).toMatchObject({
      topic: 'identity.user.verified.v1',
      envelope: { payload: { userId: id, email: input.email } },
    });
    // Single use.
    const again = await call('/api/v1/auth/verify-email', {
      body: { token: tokenFromLink(link) },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'IDENTITY.TOKEN_INVALID' });
  });

  it('finding 5: answers the same for an existing email and mails its owner instead', async () => {
    const first = buildSignUp();
    const created = await call('/api/v1/auth/sign-up', { body: first });
    expect(created.status).toBe(201);
    const ownerId = await userIdOf(first.email);
    const again = buildSignUp({ email: first.email.toUpperCase() });
    const sameEmail = await call('/api/v1/auth/sign-up', { body: again });
    expect(sameEmail).toEqual({
      status: 201,
      body: { email: again.email, message: (created.body as { message: string }).message },
    });
    // Nothing created under the attempt's username; the owner is told by email.
    expect(
      await t.ds.query(`SELECT 1 FROM identity.users WHERE lower(username) = lower($1)`, [
        again.username,
      ]),
    ).toEqual([]);
    const attempted = (await outbox(ownerId)).filter(
      (r) => r.topic === 'identity.user.sign_up_attempted.v1',
    );
    expect(attempted).toHaveLength(1);
    expect(attempted[0]!.envelope.payload).toMatchObject({ userId: ownerId, email: first.email });
  });

  it('refuses a username already taken, whatever the case', async () => {
    const first = buildSignUp();
    expect((await call('/api/v1/auth/sign-up', { body: first })).status).toBe(201);
    const sameName = await call('/api/v1/auth/sign-up', {
      body: buildSignUp({ username: first.username.toUpperCase() }),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ code: 'IDENTITY.USERNAME_TAKEN' });
  });

  it('refuses usernames that look like an existing one, saying which (issue 22, item 9)', async () => {
    const tag = Date.now().toString(36);
    const original = buildSignUp({ username: `demo_buyer_${tag}` });
    expect((await call('/api/v1/auth/sign-up', { body: original })).status).toBe(201);
    for (const lookAlike of [
      `demo.buyer.${tag}`,
      `demo_buyer_${tag}.`,
      `DEMO_BUYER${tag}`,
      `dern0_buyer_${tag}`,
    ]) {
      const res = await call('/api/v1/auth/sign-up', {
        body: buildSignUp({ username: lookAlike }),
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'IDENTITY.USERNAME_TAKEN',
        message: `That username is too similar to an existing one (demo_buyer_${tag}). Please choose another.`,
        details: { field: 'username', similarTo: `demo_buyer_${tag}` },
      });
    }
    // Not a look-alike: another letter.
    expect(
      (
        await call('/api/v1/auth/sign-up', {
          body: buildSignUp({ username: `demo_buyers_${tag}` }),
        })
      ).status,
    ).toBe(201);
  });

  it('lets the unique skeleton decide between two look-alike sign-ups racing', async () => {
    const tag = Date.now().toString(36);
    const answers = await Promise.all(
      [`race.${tag}`, `race_${tag}`, `ra.ce${tag}`].map((username) =>
        call('/api/v1/auth/sign-up', { body: buildSignUp({ username }) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses missing agreements, minors, weak passwords and bad usernames', async () => {
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [
        { acceptTerms: false },
        400,
        'IDENTITY.AGREEMENT_REQUIRED',
        'You must accept the Terms of Service and Privacy Policy to create an account.',
      ],
      [{ acceptPrivacy: undefined }, 400, 'IDENTITY.AGREEMENT_REQUIRED'],
      [{ dateOfBirth: '2015-01-01' }, 400, 'IDENTITY.UNDER_18'],
      [{ dateOfBirth: undefined, over18: false }, 400, 'IDENTITY.UNDER_18'],
      [
        { password: 'short1!' },
        400,
        'IDENTITY.WEAK_PASSWORD',
        'Password must be at least 10 characters.',
      ],
      [{ password: 'Password1234' }, 400, 'IDENTITY.WEAK_PASSWORD'],
      [{ username: 'no spaces' }, 400, 'COMMON.VALIDATION_FAILED'],
      [{ email: 'not-an-email' }, 400, 'COMMON.VALIDATION_FAILED'],
      [{ isAdmin: true }, 400, 'COMMON.VALIDATION_FAILED'],
    ];
    for (const [overrides, status, code, message] of cases) {
      const res = await call<{ code: string; message: string }>('/api/v1/auth/sign-up', {
        body: { ...buildSignUp(), ...overrides },
      });
      expect({ overrides, status: res.status, code: res.body.code }).toEqual({
        overrides,
        status,
        code,
      });
      if (message) expect(res.body.message).toBe(message);
    }
  });
});
