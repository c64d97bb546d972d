import { Button } from '@loadout/ui';
import { useEffect, useRef, useState } from 'react';

/** Seed §9: local storage key of the install prompt's dismissal (a timestamp in ms). */
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';
/** Seed §9: a dismissal lasts 7 days. */
export const INSTALL_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
/** Seed §9: iOS Safari has no install event; the hint shows after 10 s. */
export const IOS_PROMPT_DELAY_MS = 10_000;

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function isInstallDismissed(storage: StorageLike, now: number): boolean {
  try {
    const at = Number(storage.getItem(INSTALL_DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_DISMISS_MS;
  } catch {
    return false;
  }
}

/** iPhone/iPad Safari (not Chrome/Firefox/Edge on iOS), not already running as the installed app. */
export function isIosSafari(userAgent: string, standalone: boolean): boolean {
  const ios = /iP(hone|ad|od)/.test(userAgent);
  const safari = /Safari\//.test(userAgent) && !/(CriOS|FxiOS|EdgiOS|OPiOS)/.test(userAgent);
  return ios && safari && !standalone;
}

export interface InstallPromptProps {
  storage?: StorageLike;
  now?: () => number;
  userAgent?: string;
  standalone?: boolean;
  iosDelayMs?: number;
}

function runningStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    nav.standalone === true ||
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches)
  );
}

/**
 * The seed's install prompt: on browsers that offer installation (`beforeinstallprompt`) a
 * banner with Install and Not now; on iOS Safari, after 10 s, how to add Loadout to the home
 * screen. "Not now" is remembered for 7 days under `pwa-install-dismissed`. A fixed banner at
 * the bottom, so it never moves the page.
 */
export function InstallPrompt({
  storage = localStorage,
  now = Date.now,
  userAgent = navigator.userAgent,
  standalone,
  iosDelayMs = IOS_PROMPT_DELAY_MS,
}: InstallPromptProps) {
  const [mode, setMode] = useState<'native' | 'ios' | null>(null);
  const deferred = useRef<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-infobar away; our banner asks instead.
      event.preventDefault();
      if (isInstallDismissed(storage, now())) return;
      deferred.current = event as BeforeInstallPromptEvent;
      setMode('native');
    };
    const onInstalled = () => {
      deferred.current = null;
      setMode(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (
      isIosSafari(userAgent, standalone ?? runningStandalone()) &&
      !isInstallDismissed(storage, now())
    ) {
      timer = setTimeout(() => setMode((m) => m ?? 'ios'), iosDelayMs);
    }
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
      if (timer) clearTimeout(timer);
    };
  }, [storage, now, userAgent, standalone, iosDelayMs]);

  if (!mode) return null;

  const dismiss = () => {
    try {
      storage.setItem(INSTALL_DISMISSED_KEY, String(now()));
    } catch {
      // Without storage the prompt may come back next visit; nothing else to do.
    }
    setMode(null);
  };

  const install = async () => {
    const event = deferred.current;
    deferred.current = null;
    setMode(null);
    if (!event) return;
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'dismissed') dismiss();
    } catch (error) {
      console.warn('Loadout could not show the install dialog', error);
    }
  };

  return (
    <section className="shell-install" aria-label="Install Loadout">
      <p className="shell-install__text">
        {mode === 'native' ? (
          <>
            <strong>Install Loadout</strong> for quick access from your home screen, even on a
            patchy signal.
          </>
        ) : (
          <>
            <strong>Install Loadout:</strong> tap the Share button, then “Add to Home Screen”.
          </>
        )}
      </p>
      <div className="shell-install__actions">
        {mode === 'native' ? <Button onClick={() => void install()}>Install</Button> : null}
        <Button variant="secondary" onClick={dismiss}>
          Not now
        </Button>
      </div>
    </section>
  );
}
