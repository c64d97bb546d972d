import { Injectable } from '@nestjs/common';
import { type CaseDto } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { AuditLogRepository } from '../../audit/persistence/audit-log.repository';
import { appealDecisionRefusal } from '../domain/case-rules';
import { decidedPayload, statementOf } from '../decision-statement';
import { caseNotFound, refuse } from '../domain/case.errors';
import { type AdminActor } from '../decide-case/decide-case.handler';
import { ModerationEvents } from '../moderation-events';
import { CaseRepository } from '../persistence/case.repository';
import { SubjectServices } from '../platform/subject-services';
import { type DecideAppealDto } from './decide-appeal.dto';

/**
 * A different admin decides the appeal: upheld, or reversed (records the reversal and tells
 * both sides; a reversed suspension is lifted in identity, while restoring a removed listing is
 * the seller's republish). Closes the case.
 */
@Injectable()
export class DecideAppealHandler {
  constructor(
    private readonly cases: CaseRepository,
    private readonly events: ModerationEvents,
    private readonly audit: AuditLogRepository,
    private readonly subjects: SubjectServices,
  ) {}

  async decide(caseId: string, input: DecideAppealDto, admin: AdminActor): Promise<CaseDto> {
    if (!isId(caseId)) throw caseNotFound();
    const statement = statementOf(input.statement, 'appeal', input.outcome);
    return this.cases.transaction(async (tx) => {
      const c = await this.cases.load(caseId, tx);
      if (!c) throw caseNotFound();
      refuse(appealDecisionRefusal(c.facts, admin.id));
      // Inside the transaction, after the checks: a failed lift decides nothing (and a lift
      // whose decision then fails to commit is harmless: reinstating is idempotent).
      if (
        input.outcome === 'reversed' &&
        c.facts.decisionAction === 'suspend_user' &&
        c.facts.affectedUserId
      ) {
        await this.subjects.reinstateUser(c.facts.affectedUserId, statement.facts, admin.token);
      }
      const decisionId = await this.cases.recordDecision(tx, caseId, {
        kind: 'appeal',
        action: input.outcome,
        decidedBy: admin.id,
        statement,
        affectedUserId: null,
      });
      await this.audit.append(tx, {
        actorId: admin.id,
        action: `case.appeal_${input.outcome}`,
        targetType: 'case',
        targetId: caseId,
        reason: statement.facts,
        details: { decisionId },
      });
      const after = (await this.cases.load(caseId, tx))!;
      await this.events.decided(tx, decidedPayload(after, decisionId, statement), {
        id: admin.id,
        requestId: admin.requestId,
      });
      return after.dto;
    });
  }
}
