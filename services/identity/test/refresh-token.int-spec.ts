import 'reflect-metadata';
import { TEST_CLIENT } from './support/identity-app';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

interface TokenAnswer {
  status: number;
  body: { access_token?: string; refresh_token?: string; error?: string };
}

describe('refresh tokens (issue 22, item 5)', () => {
  const t = useIdentityApp();

  /** The token endpoint as a browser tab calls it (form post, public client). */
  const redeem = async (refreshToken: string): Promise<TokenAnswer> => {
    const res = await fetch(`${t.base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: TEST_CLIENT.client_id,
      }).toString(),
    });
    return { status: res.status, body: (await res.json()) as TokenAnswer['body'] };
  };

  const liveRefreshTokens = async (accountId: string): Promise<number> =>
    Number(
      (
        (await t.ds.query(
          `SELECT count(*) AS n FROM identity.oidc_payloads
            WHERE model = 'RefreshToken' AND account_id = $1 AND consumed_at IS NULL`,
          [accountId],
        )) as Array<{ n: string }>
      )[0]!.n,
    );

  it('gives 10 concurrent redemptions of one refresh token one new token set, shared by all, without signing out', async () => {
    const user = await t.signUpAndVerify();
    const first = await signIn(t.rp, user);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => redeem(first.refresh_token!)),
    );

    // Every tab gets the winner's answer rather than invalid_grant (which signs it out).
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const refreshTokens = new Set(answers.map((a) => a.body.refresh_token));
    const accessTokens = new Set(answers.map((a) => a.body.access_token));
    expect(refreshTokens.size).toBe(1);
    expect(accessTokens.size).toBe(1);
    // One rotation happened: one unconsumed refresh token in the store, not up to ten.
    expect(await liveRefreshTokens(user.id)).toBe(1);

    // The shared new token works, so the grant was not revoked as a reuse.
    const [winner] = refreshTokens;
    const next = await redeem(winner!);
    expect(next.status).toBe(200);
    expect((await t.verifier.verify(next.body.access_token!)).id).toBe(user.id);
  });

  it('gives a second tab that redeems a just-rotated token the same answer within the grace window', async () => {
    const user = await t.signUpAndVerify();
    const first = await signIn(t.rp, user);
    const tabA = await redeem(first.refresh_token!);
    const tabB = await redeem(first.refresh_token!);
    expect(tabA.status).toBe(200);
    expect(tabB).toEqual(tabA);
    expect((await redeem(tabA.body.refresh_token!)).status).toBe(200);
  });

  it('still treats reuse after the grace window as theft and revokes the grant', async () => {
    const user = await t.signUpAndVerify();
    const first = await signIn(t.rp, user);
    const rotated = await redeem(first.refresh_token!);
    expect(rotated.status).toBe(200);
    // As if the window had passed: the rotation is older than the grace period.
    await t.ds.query(
      `UPDATE identity.oidc_payloads SET consumed_at = now() - interval '1 minute'
        WHERE model = 'RefreshToken' AND id = $1`,
      [first.refresh_token],
    );
    const replay = await redeem(first.refresh_token!);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await redeem(rotated.body.refresh_token!)).status).toBe(400);
  });

  it("does not hand the winner's tokens to another client presenting the same value", async () => {
    const user = await t.signUpAndVerify();
    const first = await signIn(t.rp, user);
    expect((await redeem(first.refresh_token!)).status).toBe(200);
    const res = await fetch(`${t.base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        client_id: 'loadout-web',
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
