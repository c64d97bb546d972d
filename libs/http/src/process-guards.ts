import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';

/** The request a piece of work belongs to, for the lines written when the process must exit. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export interface ProcessGuardOptions {
  /** The app's name in the log line. */
  name: string;
  /** Where the line goes (default stderr, written synchronously to a pipe or a file). */
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** The process (tests pass an emitter). */
  proc?: EventEmitter;
}

const installed = new WeakSet<EventEmitter>();

/**
 * An unhandled rejection or an uncaught exception leaves the process in an unknown state
 * (issue 22 item 3, ADR 0026): log it as one fatal line with the request id when there is
 * one, then exit 1 so the supervisor (Kubernetes, or the launcher of `npm start`) starts a
 * fresh process, rather than carry on half broken.
 */
export function installProcessGuards(options: ProcessGuardOptions): void {
  const proc = options.proc ?? process;
  if (installed.has(proc)) return;
  installed.add(proc);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const guard = (kind: string) => (reason: unknown) => {
    const err =
      reason instanceof Error
        ? { type: reason.name, message: reason.message, stack: reason.stack }
        : { type: typeof reason, message: String(reason) };
    log(
      JSON.stringify({
        level: 60,
        time: Date.now(),
        name: options.name,
        requestId: requestContext.getStore()?.requestId ?? null,
        err,
        msg: `${kind}: exiting so that the supervisor starts a fresh process`,
      }),
    );
    exit(1);
  };
  proc.on('unhandledRejection', guard('unhandled rejection'));
  proc.on('uncaughtException', guard('uncaught exception'));
}
