import { registerServiceWorker } from './service-worker';

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site after the load event', async () => {
    const register = jest.fn(() => Promise.resolve({}));
    const listeners: Record<string, () => void> = {};
    const win = {
      document: { readyState: 'loading' } as Document,
      addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
      setTimeout: (fn: () => void) => {
        fn();
        return 0;
      },
    } as unknown as Window;
    registerServiceWorker({ serviceWorker: { register } } as unknown as Navigator, win, 0);
    expect(register).not.toHaveBeenCalled();
    listeners['load']!();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does nothing without service worker support', () => {
    expect(() => registerServiceWorker({} as Navigator, window)).not.toThrow();
  });
});
