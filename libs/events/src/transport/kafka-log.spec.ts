import { logLevel, type LogEntry } from 'kafkajs';
import { kafkaLogCreator, kafkaLogLine } from './kafka-log';

const entry = (
  level: logLevel,
  message: string,
  extra: Record<string, unknown> = {},
): LogEntry => ({
  namespace: 'Connection',
  level,
  label: 'ERROR',
  log: { timestamp: '2026-11-27T00:00:00.000Z', message, ...extra },
});

describe('kafkajs log lines', () => {
  it.each([
    "The coordinator is loading and hence can't process requests",
    'The group coordinator is not available',
    'This is not the correct coordinator for this group',
    'There is no leader for this topic-partition as we are in the middle of a leadership election',
    'The group is rebalancing, so a rejoin is needed',
  ])('logs a broker answer kafkajs retries as a warning: %s', (error) => {
    const out = kafkaLogLine(
      entry(logLevel.ERROR, '[Connection] Response GroupCoordinator(key: 10, version: 2)', {
        broker: '127.0.0.1:19092',
        error,
      }),
    );
    expect(out.level).toBe('warn');
    expect(out.line).toContain('broker=127.0.0.1:19092');
    expect(out.line).toContain(error);
  });

  it('keeps other errors as errors', () => {
    expect(
      kafkaLogLine(
        entry(logLevel.ERROR, '[Connection] Connection error', { error: 'ECONNREFUSED' }),
      ).level,
    ).toBe('error');
  });

  it('writes through the given logger at the mapped level', () => {
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const log = kafkaLogCreator(logger)(logLevel.WARN);
    log(entry(logLevel.ERROR, '[Connection] Response', { error: 'The coordinator is loading' }));
    log(entry(logLevel.WARN, 'rejoining'));
    log(entry(logLevel.ERROR, 'broke', { error: 'boom' }));
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![0]).toContain('broke (error=boom)');
  });
});
