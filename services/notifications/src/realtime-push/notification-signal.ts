import { type EntityManager } from 'typeorm';

/** PostgreSQL channel: NOTIFY is delivered only when the transaction commits (never on rollback). */
export const NOTIFICATIONS_CHANGED_CHANNEL = 'loadout_notifications_changed';

/**
 * Marks, inside the writer's transaction, that `userId`'s notifications changed. After the
 * commit `RealtimePushListener` pushes `notifications.changed` to that user's sockets.
 */
export async function signalNotificationsChanged(tx: EntityManager, userId: string): Promise<void> {
  await tx.query(`SELECT pg_notify($1, $2)`, [NOTIFICATIONS_CHANGED_CHANNEL, userId]);
}
