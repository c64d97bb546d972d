declare global {
  interface Window {
    /** Set by the boot script (pwa/boot.js) while it paints a listing's photo before the app. */
    __loadoutHold?: Promise<unknown>;
  }
}

/**
 * Resolves when the app may start: at once, or once the boot script's static paint it asked the
 * app to wait for is on screen (pwa/boot.js caps that wait). Never rejects: a failed static
 * paint must not keep the app from starting.
 */
export function staticPaintDone(win: Pick<Window, '__loadoutHold'> = window): Promise<void> {
  const hold = win.__loadoutHold;
  delete win.__loadoutHold;
  return Promise.resolve(hold).then(
    () => undefined,
    () => undefined,
  );
}
