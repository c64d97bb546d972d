import { ImageQueue } from './image-queue';

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('ImageQueue', () => {
  it('runs at most `concurrency` at once and lets `maxWaiting` wait; one more is 429 IMAGES.BUSY', async () => {
    const queue = new ImageQueue({ concurrency: 2, maxWaiting: 1, timeLimitMs: 5_000 });
    let peak = 0;
    let active = 0;
    const job = async () => {
      peak = Math.max(peak, ++active);
      await after(50, null);
      active--;
      return 'done';
    };
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => queue.run(job)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({
      code: 'IMAGES.BUSY',
      status: 429,
    });
    expect(peak).toBe(2);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up on a photo past the time limit with IMAGES.TOO_COMPLEX, holding its slot until the work ends', async () => {
    const queue = new ImageQueue({ concurrency: 1, maxWaiting: 0, timeLimitMs: 50 });
    const started = Date.now();
    await expect(queue.run(() => after(400, 'late'))).rejects.toMatchObject({
      code: 'IMAGES.TOO_COMPLEX',
      status: 400,
    });
    expect(Date.now() - started).toBeLessThan(300);
    // The decode still runs: no second one may start beside it.
    expect(queue.size.running).toBe(1);
    await expect(queue.run(() => after(1, 'x'))).rejects.toMatchObject({ code: 'IMAGES.BUSY' });
    await after(450, null);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    await expect(queue.run(() => after(1, 'next'))).resolves.toBe('next');
  });

  it('frees its slot when the work throws', async () => {
    const queue = new ImageQueue({ concurrency: 1, maxWaiting: 0, timeLimitMs: 1_000 });
    await expect(queue.run(() => Promise.reject(new Error('bad photo')))).rejects.toThrow(
      'bad photo',
    );
    await new Promise((r) => setImmediate(r));
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
