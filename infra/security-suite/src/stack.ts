import { startStack, type Stack } from '@loadout/testing';
import { SERVICES, type ServiceName } from './services';

export type StackUnderTest = Pick<Stack, 'url' | 'servicePortBase' | 'output' | 'stop'>;

/**
 * The stack: started as `npm start` starts it, with `env` on top, or (while writing the suites)
 * one already running, named by SECURITY_STACK_URL and SECURITY_SERVICE_PORT_BASE.
 */
export async function stackUnderTest(env: Record<string, string> = {}): Promise<StackUnderTest> {
  const url = process.env['SECURITY_STACK_URL'];
  if (url) {
    return {
      url,
      servicePortBase: Number(process.env['SECURITY_SERVICE_PORT_BASE']),
      output: () => '',
      stop: async () => {},
    };
  }
  return startStack({
    env,
    // Its own in-process rate-limit counters, not the machine's shared Redis.
    unsetEnv: ['REDIS_URL'],
  });
}

/** A service's own address in that stack (requests straight to it, past the gateway). */
export const serviceUrlOf = (stack: StackUnderTest, name: ServiceName): string =>
  `http://127.0.0.1:${stack.servicePortBase + SERVICES.find((s) => s.name === name)!.offset}`;
