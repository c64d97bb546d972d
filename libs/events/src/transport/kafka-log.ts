import { logLevel, type LogEntry, type logCreator } from 'kafkajs';
import { type EventsLogger } from '../internal/logger';

/**
 * Broker answers kafkajs logs as ERROR although it retries them itself: a coordinator still
 * loading or moving, a leader election, a group rebalancing. They are expected on a broker's
 * start and on every rebalance, so they are warnings for an operator, not errors.
 */
const RETRIED_BY_KAFKAJS =
  /coordinator is (loading|not available)|not the correct coordinator|not coordinator|leader not available|no leader for this topic-partition|not leader|rebalanc/i;

/** How a kafkajs entry is logged: its level, and one line with its namespace and details. */
export function kafkaLogLine(entry: LogEntry): { level: 'log' | 'warn' | 'error'; line: string } {
  const { message, ...details } = entry.log;
  const error = typeof details['error'] === 'string' ? details['error'] : '';
  const extra = ['broker', 'groupId', 'topic', 'error']
    .filter((k) => details[k] !== undefined)
    .map((k) => `${k}=${String(details[k])}`)
    .join(' ');
  const line = `kafkajs ${entry.namespace}: ${message}${extra ? ` (${extra})` : ''}`;
  if (entry.level === logLevel.ERROR || entry.level === logLevel.NOTHING) {
    return { level: RETRIED_BY_KAFKAJS.test(error) ? 'warn' : 'error', line };
  }
  return { level: entry.level === logLevel.WARN ? 'warn' : 'log', line };
}

/** kafkajs's log lines through the service's logger (JSON with the request-less context). */
export const kafkaLogCreator =
  (logger: EventsLogger): logCreator =>
  () =>
  (entry) => {
    const { level, line } = kafkaLogLine(entry);
    logger[level](line);
  };
