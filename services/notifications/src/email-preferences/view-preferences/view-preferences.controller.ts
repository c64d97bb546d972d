import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@loadout/auth';
import { EmailPreferencesDto, toEmailPreferencesDto } from '../email-preferences.dto';
import { EmailPreferenceRepository } from '../persistence/email-preference.repository';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1/notifications/preferences')
export class ViewPreferencesController {
  constructor(private readonly preferences: EmailPreferenceRepository) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: "The caller's email preferences per kind" })
  @ApiOkResponse({ type: EmailPreferencesDto })
  async view(@CurrentUser() user: AuthUser): Promise<EmailPreferencesDto> {
    return toEmailPreferencesDto(await this.preferences.get(user.id));
  }
}
