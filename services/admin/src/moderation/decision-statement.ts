import { type ModerationDecidedV1, type StatementOfReasons } from '@loadout/contracts';
import { redressText } from './domain/case-rules';
import { type LoadedCase } from './persistence/case.repository';
import { type StatementDto } from './statement.dto';

/** The full statement of reasons: the admin's part plus how to seek redress. */
export function statementOf(
  input: StatementDto,
  kind: 'decision' | 'appeal',
  action: string,
): StatementOfReasons {
  return {
    facts: input.facts.trim(),
    groundType: input.groundType,
    ground: input.ground.trim(),
    automated: input.automated ?? false,
    redress: redressText(kind, action),
  };
}

/** `admin.moderation.decided.v1` for the case as it stands after the decision was recorded. */
export function decidedPayload(
  after: LoadedCase,
  decisionId: string,
  statement: StatementOfReasons,
): ModerationDecidedV1 {
  const decision = after.dto.decisions.find((d) => d.id === decisionId)!;
  return {
    caseId: after.dto.id,
    decisionId,
    kind: decision.kind,
    action: decision.action,
    subjectType: after.dto.subjectType,
    subjectId: after.dto.subjectId,
    affectedUserId: after.dto.affectedUserId,
    statement,
    reporters: after.dto.reports.map((r) => ({
      reference: r.reference,
      userId: r.reporterId,
      email: r.reporterEmail,
    })),
    decidedAt: decision.createdAt,
  };
}
