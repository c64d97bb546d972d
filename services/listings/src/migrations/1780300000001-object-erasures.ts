import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createObjectErasuresTable, dropObjectErasuresTable } from '@loadout/storage';

/**
 * Stored photo files waiting to be erased after the transaction that dropped their rows
 * (a deleted account's photos; ADR 0039, amended), retried until the store answers.
 */
export class ObjectErasures1780300000001 implements MigrationInterface {
  name = 'ObjectErasures1780300000001';

  async up(q: QueryRunner): Promise<void> {
    await createObjectErasuresTable(q, 'listings');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropObjectErasuresTable(q, 'listings');
  }
}
