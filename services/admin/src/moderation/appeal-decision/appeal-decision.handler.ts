import { Injectable } from '@nestjs/common';
import { isId } from '@loadout/db';
import { appealRefusal } from '../domain/case-rules';
import { caseNotFound, refuse } from '../domain/case.errors';
import { CaseRepository } from '../persistence/case.repository';
import { type AppealDecisionDto } from './appeal-decision.dto';

/** The affected user appeals a decision once (DSA art. 20); a different admin decides it. */
@Injectable()
export class AppealDecisionHandler {
  constructor(private readonly cases: CaseRepository) {}

  async appeal(
    caseId: string,
    input: AppealDecisionDto,
    userId: string,
  ): Promise<{ caseId: string; status: 'appealed' }> {
    if (!isId(caseId)) throw caseNotFound();
    return this.cases.transaction(async (tx) => {
      const c = await this.cases.load(caseId, tx);
      // Another user learns nothing about the case.
      if (!c || c.facts.affectedUserId !== userId) throw caseNotFound();
      refuse(appealRefusal(c.facts, userId));
      await this.cases.recordAppeal(tx, caseId, userId, input.statement.trim());
      return { caseId, status: 'appealed' as const };
    });
  }
}
