import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createRetriedTasksTable, dropRetriedTasksTable } from '@loadout/db';

/**
 * Keycloak mode: the realm users still to delete after their account's erasure committed
 * (ADR 0039, amended), one row per user id, retried until Keycloak answers.
 */
export class KeycloakUserDeletions1780300000002 implements MigrationInterface {
  name = 'KeycloakUserDeletions1780300000002';

  async up(q: QueryRunner): Promise<void> {
    await createRetriedTasksTable(q, 'identity', 'keycloak_user_deletions');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropRetriedTasksTable(q, 'identity', 'keycloak_user_deletions');
  }
}
