import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { newId } from '@loadout/db';
import { type NotificationType } from '../domain/notification-type';
import { NOTIFICATIONS_SCHEMA } from '../../notifications.config';
import { signalNotificationsChanged } from '../../realtime-push/notification-signal';

const NOTIFICATIONS = `"${NOTIFICATIONS_SCHEMA}"."notifications"`;
const THROTTLE = `"${NOTIFICATIONS_SCHEMA}"."notification_throttle"`;

export interface GroupedNotification {
  userId: string;
  type: NotificationType;
  groupKey: string;
  navigateTo: string;
  /** Sticks once set: a batch with one flagged message keeps the warning until read. */
  offPlatformWarning?: boolean;
  /** Title and message from how many events the notification now stands for (1 when new). */
  render: (count: number) => { title: string; message: string };
}

/**
 * Notifications that batch: at most one unread notification per (user, group). A later event
 * of the group updates that notification (count, text, time) instead of adding one; once it is
 * read, the next event starts a new one. Writes run in the consumer's transaction.
 */
@Injectable()
export class BatchedNotificationRepository {
  /** `created` is true when a new notification was added, false when the unread one was updated. */
  async upsertUnread(
    tx: EntityManager,
    n: GroupedNotification,
  ): Promise<{ id: string; created: boolean; count: number }> {
    // The row lock taken by ON CONFLICT serialises concurrent events of one group.
    const first = n.render(1);
    const rows = (await tx.query(
      `INSERT INTO ${NOTIFICATIONS} AS n
         ("id", "user_id", "type", "title", "message", "navigate_to", "group_key", "batch_count",
          "off_platform_warning")
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)
       ON CONFLICT ("user_id", "group_key") WHERE "read_at" IS NULL AND "group_key" IS NOT NULL
       DO UPDATE SET "batch_count" = n."batch_count" + 1,
         "off_platform_warning" = n."off_platform_warning" OR EXCLUDED."off_platform_warning"
       RETURNING "id", "batch_count" AS "count", (xmax = 0) AS "created"`,
      [
        newId(),
        n.userId,
        n.type,
        first.title.slice(0, 120),
        first.message.slice(0, 500),
        n.navigateTo,
        n.groupKey,
        n.offPlatformWarning ?? false,
      ],
    )) as { id: string; count: number; created: boolean }[];
    const row = rows[0]!;
    if (!row.created) {
      const text = n.render(row.count);
      await tx.query(
        `UPDATE ${NOTIFICATIONS} SET "title" = $2, "message" = $3, "created_at" = now()
          WHERE "id" = $1`,
        [row.id, text.title.slice(0, 120), text.message.slice(0, 500)],
      );
    }
    await signalNotificationsChanged(tx, n.userId);
    return row;
  }

  /** True the first time `key` is claimed; false if it was claimed before (then do nothing). */
  async claimOnce(tx: EntityManager, key: string): Promise<boolean> {
    const rows = (await tx.query(
      `INSERT INTO ${THROTTLE} ("key") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "key"`,
      [key.slice(0, 160)],
    )) as unknown[];
    return rows.length === 1;
  }
}
