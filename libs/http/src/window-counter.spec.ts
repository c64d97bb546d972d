import { WindowCounter } from './window-counter';

describe('WindowCounter', () => {
  it('counts hits per key within a window and starts again in the next one', () => {
    let now = 120_000;
    const counter = new WindowCounter(60_000, 10, () => now);
    expect(counter.hit('a')).toBe(1);
    expect(counter.hit('a')).toBe(2);
    expect(counter.hit('b')).toBe(1);
    now += 45_000;
    expect(counter.hit('a')).toBe(3);
    expect(counter.resetMs()).toBe(15_000);
    now += 15_000;
    expect(counter.hit('a')).toBe(1);
    expect(counter.resetMs()).toBe(60_000);
  });

  it('keeps at most maxKeys clients, forgetting the first seen', () => {
    const counter = new WindowCounter(60_000, 2, () => 0);
    counter.hit('a');
    counter.hit('a');
    counter.hit('b');
    counter.hit('c');
    expect(counter.hit('b')).toBe(2);
    expect(counter.hit('a')).toBe(1);
  });
});
