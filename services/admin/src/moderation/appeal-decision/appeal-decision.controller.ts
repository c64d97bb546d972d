import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { AppealDecisionDto } from './appeal-decision.dto';
import { AppealDecisionHandler } from './appeal-decision.handler';

@ApiTags('reports')
@ApiBearerAuth()
@Controller('api/v1/reports/cases')
export class AppealDecisionController {
  constructor(private readonly handler: AppealDecisionHandler) {}

  @Authenticated()
  @Post(':id/appeal')
  appeal(
    @Param('id') id: string,
    @Body() body: AppealDecisionDto,
    @CurrentUser() user: AuthUser,
  ): Promise<{ caseId: string; status: 'appealed' }> {
    return this.handler.appeal(id, body, user.id);
  }
}
