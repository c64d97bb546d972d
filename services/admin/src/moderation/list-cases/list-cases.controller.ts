import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type AdminPage, type CaseSummaryDto } from '@loadout/contracts';
import { pageOf, toPosition } from '../../shared/page';
import { STATEMENT_TEMPLATES, type StatementTemplate } from '../domain/statement-templates';
import { CaseRepository, casePosition, toCaseSummaryDto } from '../persistence/case.repository';
import { ListCasesQueryDto } from './list-cases.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin')
export class ListCasesController {
  constructor(private readonly cases: CaseRepository) {}

  /** The moderation queue, oldest first, with each case's age. */
  @Roles('admin')
  @Get('cases')
  async list(@Query() query: ListCasesQueryDto): Promise<AdminPage<CaseSummaryDto>> {
    const limit = query.limit ?? 25;
    const rows = await this.cases.page(
      { status: query.status, subjectType: query.subjectType, reason: query.reason },
      toPosition(query.cursor),
      limit,
    );
    return pageOf(rows, limit, toCaseSummaryDto, casePosition);
  }

  /** Statement-of-reasons templates the decision form starts from. */
  @Roles('admin')
  @Get('statement-templates')
  templates(): readonly StatementTemplate[] {
    return STATEMENT_TEMPLATES;
  }
}
