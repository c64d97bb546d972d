import { Injectable } from '@nestjs/common';
import { ESSENTIAL_EMAIL_KINDS, type EmailPreferences } from '../domain/email-kinds';
import { essentialEmailLocked } from '../domain/email-preference.errors';
import { EmailPreferenceRepository } from '../persistence/email-preference.repository';
import { type UpdateEmailPreferencesDto } from './update-preferences.dto';

/** A user changes their optional email kinds; orders and security cannot be turned off. */
@Injectable()
export class UpdatePreferencesHandler {
  constructor(private readonly preferences: EmailPreferenceRepository) {}

  update(userId: string, change: UpdateEmailPreferencesDto): Promise<EmailPreferences> {
    for (const kind of ESSENTIAL_EMAIL_KINDS) {
      if (change[kind] === false) throw essentialEmailLocked(kind);
    }
    return this.preferences.update(userId, {
      messages: change.messages,
      favourites: change.favourites,
    });
  }
}
