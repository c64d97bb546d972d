import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { NOTIFICATIONS_SCHEMA } from '../../notifications.config';
import {
  DEFAULT_PREFERENCES,
  type EmailPreferences,
  type OptionalEmailKind,
} from '../domain/email-kinds';
import { EmailPreferenceEntity } from './email-preference.entity';

const TABLE = `"${NOTIFICATIONS_SCHEMA}"."email_preferences"`;

/** Per-user email choices; scoped by the user id the caller proved (token or signed link). */
@Injectable()
export class EmailPreferenceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<EmailPreferences> {
    const row = await manager.findOneBy(EmailPreferenceEntity, { userId });
    return row
      ? { ...DEFAULT_PREFERENCES, messages: row.messages, favourites: row.favourites }
      : { ...DEFAULT_PREFERENCES };
  }

  async wants(manager: EntityManager, userId: string, kind: OptionalEmailKind): Promise<boolean> {
    return (await this.get(userId, manager))[kind];
  }

  /** Changes only the kinds given; returns the preferences afterwards. */
  async update(
    userId: string,
    changes: Partial<Record<OptionalEmailKind, boolean>>,
  ): Promise<EmailPreferences> {
    const messages = changes.messages ?? null;
    const favourites = changes.favourites ?? null;
    await this.dataSource.query(
      `INSERT INTO ${TABLE} AS p ("user_id", "messages", "favourites", "updated_at")
       VALUES ($1, coalesce($2, true), coalesce($3, true), now())
       ON CONFLICT ("user_id") DO UPDATE
          SET "messages" = coalesce($2, p."messages"),
              "favourites" = coalesce($3, p."favourites"),
              "updated_at" = now()`,
      [userId, messages, favourites],
    );
    return this.get(userId);
  }
}
