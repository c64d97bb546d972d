import { Injectable } from '@nestjs/common';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type DueWork, DueWorkReader } from '../domain/due-work.port';
import { JOBS_DUE } from './job.repository';
import { EVENTS_DUE } from './payment-event.repository';

/** Both queues' due filters ($1: now), as their claims use them, counted up to $2. */
const LOOK = `SELECT
  (SELECT count(*) FROM (SELECT 1 FROM orders.payment_events WHERE ${EVENTS_DUE} LIMIT $2) e)::int
    AS "events",
  (SELECT count(*) FROM (SELECT 1 FROM orders.jobs WHERE ${JOBS_DUE} LIMIT $2) j)::int AS "jobs"`;

@Injectable()
export class SqlDueWorkReader extends DueWorkReader {
  async look(tx: Tx, limit: number, now: Date = new Date()): Promise<DueWork> {
    const [row] = (await sqlOf(tx)(LOOK, [now, limit])) as DueWork[];
    return { events: row?.events ?? 0, jobs: row?.jobs ?? 0 };
  }
}
