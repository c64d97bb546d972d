import { Injectable } from '@nestjs/common';
import {
  type CaseDto,
  type ModerationAction,
  type ModerationDecidedV1,
  type StatementOfReasons,
} from '@loadout/contracts';
import { isId } from '@loadout/db';
import { conflictError } from '@loadout/errors';
import { AuditLogRepository } from '../../audit/persistence/audit-log.repository';
import { actionRefusal, decideRefusal, suspensionRefusal } from '../domain/case-rules';
import { decidedPayload, statementOf } from '../decision-statement';
import { caseNotFound, refuse } from '../domain/case.errors';
import { ModerationEvents } from '../moderation-events';
import { CaseRepository, type LoadedCase } from '../persistence/case.repository';
import { SubjectServices } from '../platform/subject-services';
import { type DecideCaseDto } from './decide-case.dto';

export interface AdminActor {
  id: string;
  /** The admin's bearer token, forwarded to the services that act. */
  token: string;
  requestId: string;
}

/**
 * An admin decides an open case: the action runs in the owning service (listings removes,
 * messaging hides), then the decision, its statement of reasons (DSA art. 17), the audit entry
 * and `admin.moderation.decided.v1` (statements to the affected user and the reporters) commit
 * together.
 */
@Injectable()
export class DecideCaseHandler {
  constructor(
    private readonly cases: CaseRepository,
    private readonly subjects: SubjectServices,
    private readonly events: ModerationEvents,
    private readonly audit: AuditLogRepository,
  ) {}

  async decide(caseId: string, input: DecideCaseDto, admin: AdminActor): Promise<CaseDto> {
    const before = isId(caseId) ? await this.cases.load(caseId) : null;
    if (!before) throw caseNotFound();
    refuse(decideRefusal(before.facts));
    refuse(actionRefusal(input.action, before.facts.subjectType));
    refuse(suspensionRefusal(input.action, input.suspension));
    const statement = statementOf(input.statement, 'decision', input.action);
    const { affected, suspension } = await this.act(before, input, statement, admin);
    return this.cases.transaction(async (tx) => {
      // Two admins deciding at once: the second finds it decided and is refused.
      const locked = (await this.cases.load(caseId, tx))!;
      refuse(decideRefusal(locked.facts));
      const decisionId = await this.cases.recordDecision(tx, caseId, {
        kind: 'decision',
        action: input.action,
        decidedBy: admin.id,
        statement,
        affectedUserId: affected,
      });
      await this.audit.append(tx, {
        actorId: admin.id,
        action: `case.${input.action}`,
        targetType: 'case',
        targetId: caseId,
        reason: statement.facts,
        details: {
          subjectType: locked.dto.subjectType,
          subjectId: locked.dto.subjectId,
          decisionId,
          ...(suspension ? { affectedUserId: affected, suspension } : {}),
        },
      });
      const after = (await this.cases.load(caseId, tx))!;
      const payload = { ...decidedPayload(after, decisionId, statement), suspension };
      await this.events.decided(tx, payload, {
        id: admin.id,
        requestId: admin.requestId,
      });
      return after.dto;
    });
  }

  /**
   * Runs the action in its service; returns the affected user when it learns one, and the
   * suspension identity applied for `suspend_user`.
   */
  private async act(
    c: LoadedCase,
    input: DecideCaseDto,
    statement: StatementOfReasons,
    admin: AdminActor,
  ): Promise<{ affected: string | null; suspension: ModerationDecidedV1['suspension'] }> {
    const reason = `${statement.facts} (${statement.ground})`;
    const action: ModerationAction = input.action;
    const only = (affected: string | null) => ({ affected, suspension: null });
    switch (action) {
      case 'dismiss':
        return only(null);
      case 'remove_listing':
        return only(await this.subjects.removeListing(c.dto.subjectId, reason, admin.token));
      case 'hide_message':
        if (!c.dto.conversationId)
          throw conflictError('ADMIN.ACTION_NOT_APPLICABLE', 'This report names no conversation.');
        return only(
          await this.subjects.hideMessage(
            c.dto.conversationId,
            c.dto.subjectId,
            reason,
            admin.token,
          ),
        );
      case 'warn_user':
        return only(affectedUserOf(c, 'warn'));
      case 'suspend_user': {
        const userId = affectedUserOf(c, 'suspend');
        const duration = input.suspension!;
        const { until } = await this.subjects.suspendUser(userId, duration, reason, admin.token);
        return { affected: userId, suspension: { duration, until } };
      }
    }
  }
}

function affectedUserOf(c: LoadedCase, verb: 'warn' | 'suspend'): string {
  if (!c.facts.affectedUserId)
    throw conflictError(
      'ADMIN.AFFECTED_USER_UNKNOWN',
      `The user to ${verb} is not known for this case; choose another action.`,
    );
  return c.facts.affectedUserId;
}
