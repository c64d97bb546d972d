import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { AuditLogRepository } from '../persistence/audit-log.repository';

type Tx = EventContext<EntityManager>;

/**
 * Account actions admins take in identity (the users screen calls identity directly; ADR
 * 0035) enter the audit log from identity's events (group `admin`, once per event id): who
 * suspended, reinstated or changed a role, and why. An expired suspension is lifted by the
 * system (`system` as the actor); the admin bootstrap command has no actor and is not an
 * admin-area action, so it is not recorded here.
 */
@Controller()
export class RecordAccountActionsController {
  constructor(private readonly audit: AuditLogRepository) {}

  @EventPattern('identity.user.suspended.v1')
  async suspended(@Payload() e: EventOf<'identity.user.suspended.v1'>, @Ctx() ctx: Tx) {
    if (!e.actorId) return;
    await this.audit.append(ctx.getTransaction(), {
      actorId: e.actorId,
      action: 'user.suspended',
      targetType: 'user',
      targetId: e.payload.userId,
      reason: e.payload.reason,
      details: { until: e.payload.until },
    });
  }

  @EventPattern('identity.user.reinstated.v1')
  async reinstated(@Payload() e: EventOf<'identity.user.reinstated.v1'>, @Ctx() ctx: Tx) {
    await this.audit.append(ctx.getTransaction(), {
      actorId: e.actorId ?? 'system',
      action: e.payload.cause === 'expired' ? 'user.suspension_expired' : 'user.reinstated',
      targetType: 'user',
      targetId: e.payload.userId,
      reason: e.payload.note,
    });
  }

  @EventPattern('identity.user.role_changed.v1')
  async roleChanged(@Payload() e: EventOf<'identity.user.role_changed.v1'>, @Ctx() ctx: Tx) {
    if (!e.actorId) return;
    await this.audit.append(ctx.getTransaction(), {
      actorId: e.actorId,
      action: e.payload.role === 'admin' ? 'user.admin_granted' : 'user.admin_revoked',
      targetType: 'user',
      targetId: e.payload.userId,
      reason: e.payload.reason ?? null,
      details: { role: e.payload.role, previousRole: e.payload.previousRole },
    });
  }
}
