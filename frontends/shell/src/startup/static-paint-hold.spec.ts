import { staticPaintDone } from './static-paint-hold';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('staticPaintDone', () => {
  it('resolves at once when the boot script asked for no wait', async () => {
    expect(await settled(staticPaintDone({}))).toBe(true);
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
