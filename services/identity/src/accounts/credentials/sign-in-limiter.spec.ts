import { MemoryKeyValueStore } from '@loadout/cache';
import { SignInLimiter } from './sign-in-limiter';

describe('sign-in limiter (ADR 0010)', () => {
  let now = 0;
  const limiter = () =>
    new SignInLimiter(new MemoryKeyValueStore(100, () => now), {
      perAccountAndIp: 3,
      perIp: 5,
      slowAfter: 4,
      baseDelayMs: 100,
      maxDelayMs: 400,
      windowMs: 1000,
    });

  beforeEach(() => (now = 0));

  it("blocks an account from the guessing address only, whatever the email's case", async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.failed(i % 2 ? 'A@x.ie' : 'a@x.ie', '10.0.0.1');
    expect(await l.decide('a@X.ie', '10.0.0.1')).toEqual({ blocked: true });
    // finding 5: the owner at another address is not locked out
    expect(await l.decide('a@x.ie', '10.0.0.2')).toEqual({ blocked: false, delayMs: 0 });
  });

  it('slows an account guessed from many addresses down progressively, never locks it', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.failed('a@x.ie', `10.0.1.${i}`);
    expect(await l.decide('a@x.ie', '10.0.9.9')).toEqual({ blocked: false, delayMs: 100 });
    await l.failed('a@x.ie', '10.0.1.8');
    expect(await l.decide('a@x.ie', '10.0.9.9')).toEqual({ blocked: false, delayMs: 200 });
    for (let i = 0; i < 5; i++) await l.failed('a@x.ie', `10.0.2.${i}`);
    expect(await l.decide('a@x.ie', '10.0.9.9')).toEqual({ blocked: false, delayMs: 400 });
  });

  it('blocks an address trying many accounts', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) await l.failed(`user${i}@x.ie`, '10.0.0.1');
    expect(await l.decide('fresh@x.ie', '10.0.0.1')).toEqual({ blocked: true });
    expect((await l.decide('fresh@x.ie', '10.0.0.2')).blocked).toBe(false);
  });

  it('forgets failures when the window ends and after a correct password', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.failed('a@x.ie', '10.0.0.1');
    now = 1001;
    expect((await l.decide('a@x.ie', '10.0.0.1')).blocked).toBe(false);
    for (let i = 0; i < 2; i++) await l.failed('a@x.ie', '10.0.0.1');
    await l.succeeded('a@x.ie', '10.0.0.1');
    await l.failed('a@x.ie', '10.0.0.1');
    expect((await l.decide('a@x.ie', '10.0.0.1')).blocked).toBe(false);
  });
});
