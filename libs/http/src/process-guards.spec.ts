import { EventEmitter } from 'node:events';
import { installProcessGuards, requestContext } from './process-guards';

describe('installProcessGuards', () => {
  const setup = () => {
    const proc = new EventEmitter();
    const lines: string[] = [];
    const exits: number[] = [];
    installProcessGuards({
      name: 'probe',
      proc,
      log: (l) => lines.push(l),
      exit: (c) => exits.push(c),
    });
    return { proc, lines, exits };
  };

  it('logs an unhandled rejection as one fatal line and exits 1 for the supervisor', () => {
    const { proc, lines, exits } = setup();
    proc.emit(
      'unhandledRejection',
      new TypeError("Cannot read properties of null (reading 'type')"),
    );
    expect(exits).toEqual([1]);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 60,
      name: 'probe',
      requestId: null,
      err: { type: 'TypeError', message: "Cannot read properties of null (reading 'type')" },
    });
  });

  it('names the request an uncaught exception happened in', () => {
    const { proc, lines, exits } = setup();
    requestContext.run({ requestId: 'req-42' }, () => proc.emit('uncaughtException', 'boom'));
    expect(exits).toEqual([1]);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      requestId: 'req-42',
      err: { type: 'string', message: 'boom' },
      msg: expect.stringContaining('uncaught exception'),
    });
  });

  it('installs its handlers once per process', () => {
    const { proc } = setup();
    installProcessGuards({ name: 'again', proc, log: () => undefined, exit: () => undefined });
    expect(proc.listenerCount('unhandledRejection')).toBe(1);
    expect(proc.listenerCount('uncaughtException')).toBe(1);
  });
});
