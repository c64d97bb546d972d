import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsService } from '@loadout/http';
import { poolOf } from './unit-of-work';

/** The pg pool behind TypeORM's postgres driver (the counters pg's Pool keeps). */
interface PoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** What the gauge reports for one pool: open, idle, waiting and the configured maximum. */
export function poolConnectionCounts(pool: PoolCounters | undefined): Record<string, number> {
  if (!pool) return {};
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options?.max ?? 10,
  };
}

/**
 * `db_pool_connections{state="total|idle|waiting|max"}` of the service's own pool, read at each
 * scrape: a pool with clients waiting and none idle is starved (issue 22: the security suite's
 * closing check, and the alert an operator wants before every route answers 503).
 */
@Module({})
export class DatabasePoolMetricsModule implements OnModuleInit {
  constructor(
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    if (this.metrics.registry.getSingleMetric('db_pool_connections')) return;
    const dataSource = this.dataSource;
    new Gauge({
      name: 'db_pool_connections',
      help: "Connections of the service's database pool by state (max: the configured size)",
      labelNames: ['state'],
      registers: [this.metrics.registry],
      collect() {
        const pool = poolOf(dataSource);
        for (const [state, n] of Object.entries(poolConnectionCounts(pool))) this.set({ state }, n);
      },
    });
  }
}
