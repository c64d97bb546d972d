import { Controller, Get, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { forbiddenError } from '@loadout/errors';

/**
 * Notifications' part of "Download my data" (ADR 0039): the in-app notifications, the email
 * preferences, the address book entry, and the log of emails sent to that address (template,
 * status, date; not the bodies). Outside `/api/v1`; identity calls it with the user's own
 * token, and only the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':id/export')
  async export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    if (id !== user.id)
      throw forbiddenError('NOTIFICATIONS.NOT_YOUR_DATA', 'You can only read your own data.');
    const m = this.dataSource.manager;
    const notifications = await m.query(
      `SELECT "id", "type", "title", "message", "navigate_to" AS "navigateTo",
              "read_at" AS "readAt", "created_at" AS "createdAt"
         FROM "notifications"."notifications" WHERE "user_id" = $1 ORDER BY "created_at", "id"`,
      [id],
    );
    const preferences = (await m.query(
      `SELECT "messages", "favourites", "updated_at" AS "updatedAt"
         FROM "notifications"."email_preferences" WHERE "user_id" = $1`,
      [id],
    )) as unknown[];
    const recipient = (await m.query(
      `SELECT "email", "display_name" AS "displayName", "public_name" AS "publicName",
              "updated_at" AS "updatedAt"
         FROM "notifications"."recipients" WHERE "user_id" = $1`,
      [id],
    )) as { email: string }[];
    const emails = recipient[0]
      ? await m.query(
          `SELECT "template", "status", "created_at" AS "sentAt" FROM "notifications"."email_log"
            WHERE lower("to") = lower($1) ORDER BY "created_at"`,
          [recipient[0].email],
        )
      : [];
    return {
      service: 'notifications',
      exportedAt: new Date().toISOString(),
      data: {
        notifications,
        emailPreferences: preferences[0] ?? null,
        recipient: recipient[0] ?? null,
        emails,
      },
    };
  }
}
