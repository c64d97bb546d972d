import { Wakeup } from './wakeup';

const elapsed = async (work: Promise<void>) => {
  const start = Date.now();
  await work;
  return Date.now() - start;
};

describe('Wakeup', () => {
  it('ends a wait when woken', async () => {
    const w = new Wakeup();
    const waiting = w.wait(5_000);
    w.wake();
    expect(await elapsed(waiting)).toBeLessThan(1_000);
  });

  it('remembers a wake-up that came while nobody waited', async () => {
    const w = new Wakeup();
    w.wake();
    expect(await elapsed(w.wait(5_000))).toBeLessThan(1_000);
    expect(await elapsed(w.wait(30))).toBeGreaterThanOrEqual(25);
  });

  it('forgets a remembered wake-up once a look has answered it, not one that came after', async () => {
    const w = new Wakeup();
    w.wake();
    w.answered();
    expect(await elapsed(w.wait(60))).toBeGreaterThanOrEqual(55);
    w.answered();
    w.wake();
    expect(await elapsed(w.wait(5_000))).toBeLessThan(1_000);
  });

  it('does not let wake-ups shorten a back-off sleep, but close does', async () => {
    const w = new Wakeup();
    const sleeping = w.sleep(60);
    w.wake();
    expect(await elapsed(sleeping)).toBeGreaterThanOrEqual(55);
    const long = w.sleep(5_000);
    w.close();
    expect(await elapsed(long)).toBeLessThan(1_000);
    expect(w.isClosed).toBe(true);
    expect(await elapsed(w.wait(5_000))).toBeLessThan(1_000);
  });
});
