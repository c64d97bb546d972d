import { Logger } from '@nestjs/common';

/** The slice of Nest's LoggerService this library writes to (nestjs-pino plugs in there). */
export interface EventsLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, stack?: string): void;
}

export function defaultLogger(context: string): EventsLogger {
  return new Logger(context);
}
