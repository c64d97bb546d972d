import { staticPaintDone } from './static-paint-hold';

/** Whether the promise has settled once every task queued so far (and the next) has run. */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('staticPaintDone', () => {
  it('resolves in the next task when the boot script asked for no wait', async () => {
    const done = staticPaintDone({});
    let resolved = false;
    void done.then(() => (resolved = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve(); // every microtask, no task
    expect(resolved).toBe(false);
    expect(await settled(done)).toBe(true);
  });

  it('waits for the boot script’s paint, then forgets it', async () => {
    let paint!: () => void;
    const win: { __loadoutHold?: Promise<unknown> } = {
      __loadoutHold: new Promise<void>((resolve) => (paint = resolve)),
    };
    const done = staticPaintDone(win);
    expect(await settled(done)).toBe(false);
    expect(win.__loadoutHold).toBeUndefined();
    paint();
    expect(await settled(done)).toBe(true);
  });

  it('lets the app start when the static paint failed', async () => {
    await expect(
      staticPaintDone({ __loadoutHold: Promise.reject(new Error('no photo')) }),
    ).resolves.toBeUndefined();
  });
});
