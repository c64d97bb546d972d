import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

export class CreateAdmin1795719140614 implements MigrationInterface {
  name = 'CreateAdmin1795719140614';

  async up(q: QueryRunner): Promise<void> {
    await createEventTables(q, 'admin');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'admin');
  }
}
