import 'reflect-metadata';
import { type SavedAddress } from '@loadout/contracts';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

interface ErrorBody {
  code: string;
  message: string;
  details?: { field: string; messages: string[] }[];
  requestId: string;
}

const home = {
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37x2c4',
};

describe('address book (GET/POST /me/addresses, PATCH/DELETE /me/addresses/{id})', () => {
  const t = useIdentityApp();
  const { call } = t;

  const signedIn = async () => {
    const user = await t.signUpAndVerify();
    const { access_token } = await signIn(t.rp, user);
    return { user, token: access_token };
  };

  it('adds, lists, edits and deletes own addresses, Eircode normalised', async () => {
    const { token } = await signedIn();
    const added = await call<SavedAddress>('/api/v1/me/addresses', {
      method: 'POST',
      token,
      body: { ...home, phone: '087 123 4567' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      ...home,
      eircode: 'N37 X2C4',
      line2: null,
      phone: '087 123 4567',
      id: expect.stringMatching(/^[A-Za-z0-9_-]{21}$/),
    });
    const id = added.body.id;

    const edited = await call<SavedAddress>(`/api/v1/me/addresses/${id}`, {
      method: 'PATCH',
      token,
      body: { line2: 'Apartment 4', phone: null, eircode: 'd6w 1234' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      line1: '12 Main Street',
      line2: 'Apartment 4',
      phone: null,
      eircode: 'D6W 1234',
    });

    const list = await call<{ items: SavedAddress[] }>('/api/v1/me/addresses', { token });
    expect(list.body.items).toEqual([edited.body]);

    expect((await call(`/api/v1/me/addresses/${id}`, { method: 'DELETE', token })).status).toBe(
      204,
    );
    expect(
      (await call<{ items: SavedAddress[] }>('/api/v1/me/addresses', { token })).body.items,
    ).toEqual([]);
  });

  it("answers 404 for a stranger's address on PATCH and DELETE, and never lists it", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const added = await call<SavedAddress>('/api/v1/me/addresses', {
      method: 'POST',
      token: owner.token,
      body: home,
    });
    for (const method of ['PATCH', 'DELETE']) {
      const res = await call<ErrorBody>(`/api/v1/me/addresses/${added.body.id}`, {
        method,
        token: stranger.token,
        body: method === 'PATCH' ? { town: 'Mullingar' } : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('IDENTITY.ADDRESS_NOT_FOUND');
    }
    const unknown = await call<ErrorBody>('/api/v1/me/addresses/nope', {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(unknown.status).toBe(404);
    const odd = await call<ErrorBody>(`/api/v1/me/addresses/${'x'.repeat(60)}`, {
      method: 'PATCH',
      token: stranger.token,
      body: { town: 'Mullingar' },
    });
    expect(odd.status).toBe(404);
    expect(
      (await call<{ items: SavedAddress[] }>('/api/v1/me/addresses', { token: stranger.token }))
        .body.items,
    ).toEqual([]);
    const mine = await call<{ items: SavedAddress[] }>('/api/v1/me/addresses', {
      token: owner.token,
    });
    expect(mine.body.items[0]).toMatchObject({ town: 'Athlone' });
  });

  it('refuses signed-out callers with 401', async () => {
    expect((await call('/api/v1/me/addresses')).status).toBe(401);
    expect((await call('/api/v1/me/addresses', { method: 'POST', body: home })).status).toBe(401);
  });

  it('refuses invalid addresses with 400 in the house shape and stores nothing', async () => {
    const { token } = await signedIn();
    const post = (body: unknown) =>
      call<ErrorBody>('/api/v1/me/addresses', { method: 'POST', token, body });

    const badEircode = await post({ ...home, eircode: 'BT1 1AA' });
    expect(badEircode.status).toBe(400);
    expect(badEircode.body).toMatchObject({
      code: 'IDENTITY.ADDRESS_INVALID',
      details: [{ field: 'eircode', messages: [expect.stringMatching(/Eircode/)] }],
      requestId: expect.any(String),
    });
    expect((await post({ ...home, county: 'Antrim' })).body.code).toBe('IDENTITY.ADDRESS_INVALID');
    expect((await post({ ...home, name: '   ' })).body.code).toBe('IDENTITY.ADDRESS_INVALID');
    // Wrong types and nulls never reach a column (a 400, not a 500).
    for (const body of [
      { ...home, name: null },
      { ...home, town: 7 },
      [],
      'x',
      { ...home, line1: 'a\nb' },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
    }
    expect(
      (await call<{ items: SavedAddress[] }>('/api/v1/me/addresses', { token })).body.items,
    ).toEqual([]);

    const added = await post(home);
    const patch = await call<ErrorBody>(
      `/api/v1/me/addresses/${(added.body as unknown as SavedAddress).id}`,
      {
        method: 'PATCH',
        token,
        body: { eircode: 'D02 XO85' },
      },
    );
    expect(patch.status).toBe(400);
    expect(patch.body.code).toBe('IDENTITY.ADDRESS_INVALID');
    const nullName = await call<ErrorBody>(
      `/api/v1/me/addresses/${(added.body as unknown as SavedAddress).id}`,
      {
        method: 'PATCH',
        token,
        body: { name: null },
      },
    );
    expect(nullName.status).toBe(400);
  });

  it('keeps at most 20 addresses, also when added at once', async () => {
    const { token } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        call<ErrorBody>('/api/v1/me/addresses', {
          method: 'POST',
          token,
          body: { ...home, line1: `${i + 1} Main Street` },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.code).toBe('IDENTITY.ADDRESS_BOOK_FULL');
  });

  it('goes with the account when the account row is deleted', async () => {
    const { user, token } = await signedIn();
    await call('/api/v1/me/addresses', { method: 'POST', token, body: home });
    await t.ds.query(`DELETE FROM identity.users WHERE id = $1`, [user.id]);
    const [{ n }] = (await t.ds.query(
      `SELECT count(*)::int AS n FROM identity.addresses WHERE user_id = $1`,
      [user.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
