import { ApiProperty } from '@nestjs/swagger';
import { type EmailPreferences as EmailPreferencesView } from '@loadout/contracts';
import { ESSENTIAL_EMAIL_KINDS, type EmailPreferences } from './domain/email-kinds';

export class EmailPreferencesDto implements EmailPreferencesView {
  @ApiProperty({ enum: [true], description: 'Order emails: always on' }) orders!: true;
  @ApiProperty({ enum: [true], description: 'Security emails (sign-in, password): always on' })
  security!: true;
  @ApiProperty({ description: 'Email when someone messages you (one per unread conversation)' })
  messages!: boolean;
  @ApiProperty({ description: 'Email when someone favourites one of your listings' })
  favourites!: boolean;
  @ApiProperty({
    enum: ESSENTIAL_EMAIL_KINDS,
    isArray: true,
    description: 'Kinds that cannot change',
  })
  locked!: string[];
}

export const toEmailPreferencesDto = (p: EmailPreferences): EmailPreferencesDto => ({
  ...p,
  locked: [...ESSENTIAL_EMAIL_KINDS],
});
