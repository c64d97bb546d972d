import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { type BugReportDto } from '@loadout/contracts';
import { UpdateBugReportDto } from './update-bug-report.dto';
import { UpdateBugReportHandler } from './update-bug-report.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/bug-reports')
export class UpdateBugReportController {
  constructor(private readonly handler: UpdateBugReportHandler) {}

  @Roles('admin')
  @Patch(':id')
  update(
    @Param('id') id: string,
    @Body() body: UpdateBugReportDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<BugReportDto> {
    return this.handler.update(id, body, admin.id);
  }
}
