import { MemoryKeyValueStore } from '@loadout/cache';
import { SignInLimiter } from './sign-in-limiter';

describe('sign-in limiter', () => {
  let now = 0;
  const limiter = () =>
    new SignInLimiter(new MemoryKeyValueStore(100, () => now), {
      perAccount: 3,
      perIp: 5,
      windowMs: 1000,
    });

  beforeEach(() => (now = 0));

  it('blocks an account after its failures, whatever the case of the email', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.failed(i % 2 ? 'A@x.ie' : 'a@x.ie', `10.0.0.${i}`);
    expect(await l.blocked('a@X.ie', '10.0.0.99')).toBe(true);
    expect(await l.blocked('b@x.ie', '10.0.0.99')).toBe(false);
  });

  it('blocks an IP trying many accounts', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) await l.failed(`user${i}@x.ie`, '10.0.0.1');
    expect(await l.blocked('fresh@x.ie', '10.0.0.1')).toBe(true);
    expect(await l.blocked('fresh@x.ie', '10.0.0.2')).toBe(false);
  });

  it('forgets failures when the window ends and after a correct password', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.failed('a@x.ie', '10.0.0.1');
    now = 1001;
    expect(await l.blocked('a@x.ie', '10.0.0.1')).toBe(false);
    for (let i = 0; i < 2; i++) await l.failed('a@x.ie', '10.0.0.1');
    await l.succeeded('a@x.ie');
    await l.failed('a@x.ie', '10.0.0.1');
    expect(await l.blocked('a@x.ie', '10.0.0.3')).toBe(false);
  });
});
