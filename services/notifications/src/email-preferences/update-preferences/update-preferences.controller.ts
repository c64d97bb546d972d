import { Body, Controller, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@loadout/auth';
import { EmailPreferencesDto, toEmailPreferencesDto } from '../email-preferences.dto';
import { UpdateEmailPreferencesDto } from './update-preferences.dto';
import { UpdatePreferencesHandler } from './update-preferences.handler';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1/notifications/preferences')
export class UpdatePreferencesController {
  constructor(private readonly handler: UpdatePreferencesHandler) {}

  @Authenticated()
  @Put()
  @ApiOperation({
    summary: "Changes the caller's optional email kinds (orders and security stay on: 400)",
  })
  @ApiOkResponse({ type: EmailPreferencesDto })
  async update(
    @Body() body: UpdateEmailPreferencesDto,
    @CurrentUser() user: AuthUser,
  ): Promise<EmailPreferencesDto> {
    return toEmailPreferencesDto(await this.handler.update(user.id, body));
  }
}
