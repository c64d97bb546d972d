import { Controller, Get, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type ServiceDataExport } from '@loadout/contracts';
import { forbiddenError } from '@loadout/errors';

/**
 * Messaging's part of "Download my data" (ADR 0039): every conversation of the user with its
 * messages (sent and received, `mine` telling which; a hidden one says so and why), and the
 * users they blocked. Outside `/api/v1` (the gateway never routes it); identity calls it with
 * the user's own token, and only the token's subject may be asked about.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class ExportUserDataController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':id/export')
  async export(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ServiceDataExport> {
    if (id !== user.id)
      throw forbiddenError('MESSAGING.NOT_YOUR_DATA', 'You can only read your own data.');
    const m = this.dataSource.manager;
    const conversations = await m.query(
      `SELECT c."id", c."listing_id" AS "listingId", c."listing_title" AS "listingTitle",
              c."created_at" AS "createdAt",
              COALESCE((SELECT json_agg(json_build_object(
                          'id', msg."id", 'mine', msg."sender_id" = $1, 'content', msg."content",
                          'isRead', msg."is_read", 'hiddenReason', msg."hidden_reason",
                          'offPlatformWarning', msg."off_platform_warning",
                          'createdAt', msg."created_at") ORDER BY msg."created_at", msg."id")
                          FROM "messaging"."messages" msg WHERE msg."conversation_id" = c."id"), '[]')
                AS "messages"
         FROM "messaging"."conversations" c WHERE $1 = ANY(c."participants")
        ORDER BY c."created_at", c."id"`,
      [id],
    );
    const blocked = await m.query(
      `SELECT "blocked_id" AS "userId", "created_at" AS "createdAt"
         FROM "messaging"."blocks" WHERE "blocker_id" = $1 ORDER BY "created_at"`,
      [id],
    );
    return {
      service: 'messaging',
      exportedAt: new Date().toISOString(),
      data: { conversations, blocked },
    };
  }
}
