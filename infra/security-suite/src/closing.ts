import { SERVICES, type ServiceName } from './services';

/** One value of `db_pool_connections{state=…}` in a Prometheus scrape, NaN when absent. */
export function poolGauge(scrape: string, state: string): number {
  const line = scrape
    .split('\n')
    .find((l) => l.startsWith(`db_pool_connections{state="${state}"} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

/**
 * The closing check after a suite's abuse (issue 22): every service answers its readiness and
 * its database pool has a free connection (no request waiting; an idle connection, or room to
 * open one). A pool that stays starved after the abuse has stopped is the "every route answers
 * 503" outage of issue 23 scenario 13. Polls up to `withinMs`, since the last requests may still
 * be finishing; answers the problems left, empty when all is well.
 */
export async function everyServiceStillAnswers(
  serviceUrl: (name: ServiceName) => string,
  withinMs = 15_000,
): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const problems: string[] = [];
    for (const { name } of SERVICES) {
      try {
        const ready = await fetch(`${serviceUrl(name)}/health/ready`, {
          signal: AbortSignal.timeout(5_000),
        });
        await ready.arrayBuffer();
        if (ready.status !== 200) problems.push(`${name}: /health/ready answered ${ready.status}`);
        const scrape = await (
          await fetch(`${serviceUrl(name)}/metrics`, { signal: AbortSignal.timeout(5_000) })
        ).text();
        const [total, idle, waiting, max] = ['total', 'idle', 'waiting', 'max'].map((s) =>
          poolGauge(scrape, s),
        ) as [number, number, number, number];
        if ([total, idle, waiting, max].some(Number.isNaN))
          problems.push(`${name}: no db_pool_connections on /metrics`);
        else if (waiting > 0 || (idle === 0 && total >= max))
          problems.push(
            `${name}: pool starved (total ${total}/${max}, idle ${idle}, waiting ${waiting})`,
          );
      } catch (err) {
        problems.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((r) => setTimeout(r, 500));
  }
}
