import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type CaseDto } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { caseNotFound } from '../domain/case.errors';
import { CaseRepository } from '../persistence/case.repository';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/cases')
export class ViewCaseController {
  constructor(private readonly cases: CaseRepository) {}

  @Roles('admin')
  @Get(':id')
  async view(@Param('id') id: string): Promise<CaseDto> {
    const loaded = isId(id) ? await this.cases.load(id) : null;
    if (!loaded) throw caseNotFound();
    return loaded.dto;
  }
}
