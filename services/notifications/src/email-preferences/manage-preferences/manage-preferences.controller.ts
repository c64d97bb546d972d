import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@loadout/auth';
import { ESSENTIAL_EMAIL_KINDS, type EmailPreferences } from '../domain/email-kinds';
import { essentialEmailLocked } from '../domain/email-preference.errors';
import { EmailPreferenceRepository } from '../persistence/email-preference.repository';
import { EmailPreferencesDto, UpdateEmailPreferencesDto } from './email-preferences.dto';

const toDto = (p: EmailPreferences): EmailPreferencesDto => ({
  ...p,
  locked: [...ESSENTIAL_EMAIL_KINDS],
});

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1/notifications/preferences')
export class ManagePreferencesController {
  constructor(private readonly preferences: EmailPreferenceRepository) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: "The caller's email preferences per kind" })
  @ApiOkResponse({ type: EmailPreferencesDto })
  async get(@CurrentUser() user: AuthUser): Promise<EmailPreferencesDto> {
    return toDto(await this.preferences.get(user.id));
  }

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
    for (const kind of ESSENTIAL_EMAIL_KINDS) {
      if (body[kind] === false) throw essentialEmailLocked(kind);
    }
    return toDto(
      await this.preferences.update(user.id, {
        messages: body.messages,
        favourites: body.favourites,
      }),
    );
  }
}
