import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  INSTALL_DISMISSED_KEY,
  INSTALL_DISMISS_MS,
  InstallPrompt,
  isInstallDismissed,
  isIosSafari,
} from './InstallPrompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

function installEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: jest.Mock;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = jest.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  return event;
}

describe('install prompt', () => {
  const NOW = 1_800_000_000_000;

  it('remembers a dismissal for 7 days', () => {
    const storage = memoryStorage({ [INSTALL_DISMISSED_KEY]: String(NOW - 1000) });
    expect(isInstallDismissed(storage, NOW)).toBe(true);
    expect(isInstallDismissed(storage, NOW + INSTALL_DISMISS_MS)).toBe(false);
    expect(isInstallDismissed(memoryStorage({ [INSTALL_DISMISSED_KEY]: 'junk' }), NOW)).toBe(false);
    expect(isInstallDismissed(memoryStorage(), NOW)).toBe(false);
  });

  it('recognises iOS Safari only', () => {
    expect(isIosSafari(IPHONE_SAFARI, false)).toBe(true);
    expect(isIosSafari(IPHONE_SAFARI, true)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, false)).toBe(false);
    expect(isIosSafari(DESKTOP_CHROME, false)).toBe(false);
  });

  it('offers installation when the browser does, and Not now stores the dismissal', () => {
    const storage = memoryStorage();
    render(<InstallPrompt storage={storage} now={() => NOW} userAgent={DESKTOP_CHROME} />);
    expect(screen.queryByRole('region', { name: 'Install Loadout' })).toBeNull();
    const event = installEvent();
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    screen.getByRole('region', { name: 'Install Loadout' });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(storage.data.get(INSTALL_DISMISSED_KEY)).toBe(String(NOW));
    expect(screen.queryByRole('region', { name: 'Install Loadout' })).toBeNull();
  });

  it('opens the browser install dialog on Install', async () => {
    render(<InstallPrompt storage={memoryStorage()} now={() => NOW} userAgent={DESKTOP_CHROME} />);
    const event = installEvent();
    act(() => void window.dispatchEvent(event));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(event.prompt).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Install Loadout' })).toBeNull();
  });

  it('stays away within 7 days of a dismissal', () => {
    const storage = memoryStorage({ [INSTALL_DISMISSED_KEY]: String(NOW - 86_400_000) });
    render(<InstallPrompt storage={storage} now={() => NOW} userAgent={DESKTOP_CHROME} />);
    act(() => void window.dispatchEvent(installEvent()));
    expect(screen.queryByRole('region', { name: 'Install Loadout' })).toBeNull();
  });

  it('shows the Add to Home Screen hint on iOS Safari after 10 s', () => {
    jest.useFakeTimers();
    try {
      render(
        <InstallPrompt
          storage={memoryStorage()}
          now={() => NOW}
          userAgent={IPHONE_SAFARI}
          standalone={false}
        />,
      );
      act(() => void jest.advanceTimersByTime(9_999));
      expect(screen.queryByRole('region', { name: 'Install Loadout' })).toBeNull();
      act(() => void jest.advanceTimersByTime(1));
      expect(screen.getByRole('region', { name: 'Install Loadout' }).textContent).toContain(
        'Add to Home Screen',
      );
      expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
