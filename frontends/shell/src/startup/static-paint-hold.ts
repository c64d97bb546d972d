declare global {
  interface Window {
    /** Set by the boot script (pwa/boot.js) while it paints a listing's photo before the app. */
    __loadoutHold?: Promise<unknown>;
  }
}

/** Resolves in a task of its own, letting the browser handle input and paint in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves when the app may start: in the next task, or once the boot script's static paint it
 * asked the app to wait for is on screen (pwa/boot.js caps that wait). Never in the task that
 * runs main.js: the Federation runtime's start-up there is one long task already, and asking
 * for the shared modules and the app's chunks is another (issue 12: TBT). Never rejects: a
 * failed static paint must not keep the app from starting.
 */
export function staticPaintDone(win: Pick<Window, '__loadoutHold'> = window): Promise<void> {
  const hold = win.__loadoutHold;
  delete win.__loadoutHold;
  return Promise.resolve(hold).then(nextTask, nextTask);
}
