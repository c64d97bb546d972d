import { Injectable } from '@nestjs/common';
import { type AdminPage, type DisputeView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { toDisputeView } from '../../disputes/dispute-view';
import { OrdersAdminReadRepository } from '../domain/orders-admin-read.port';
import { type ListDisputeQueueQueryDto } from './list-dispute-queue.dto';

/** The admins' disputes queue, oldest first (the longest waiting at the top). */
@Injectable()
export class ListDisputeQueueQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reads: OrdersAdminReadRepository,
  ) {}

  list(q: ListDisputeQueueQueryDto): Promise<AdminPage<DisputeView>> {
    return this.uow.read(async (tx) => {
      const page = await this.reads.disputeQueue(
        tx,
        { status: q.status ?? null, origin: q.origin ?? null },
        q.cursor,
        q.limit ?? 25,
      );
      return { items: page.items.map((d) => toDisputeView(d)), nextCursor: page.nextCursor };
    });
  }
}
