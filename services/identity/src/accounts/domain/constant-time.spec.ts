import { withTimeFloor } from './constant-time';

describe('withTimeFloor', () => {
  it('answers after the floor whether the work is quick or not', async () => {
    const started = performance.now();
    expect(await withTimeFloor(60, async () => 'quick')).toBe('quick');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('waits the floor on failure too, then rethrows', async () => {
    const started = performance.now();
    await expect(
      withTimeFloor(60, async () => {
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});
