import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createObjectErasuresTable, dropObjectErasuresTable } from '@loadout/storage';

/**
 * Stored photo files waiting to be erased after the transaction that dropped their rows
 * (a deleted account's unsent uploads; ADR 0039, amended), retried until the store answers.
 */
export class ObjectErasures1780300000000 implements MigrationInterface {
  name = 'ObjectErasures1780300000000';

  async up(q: QueryRunner): Promise<void> {
    await createObjectErasuresTable(q, 'messaging');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropObjectErasuresTable(q, 'messaging');
  }
}
