import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { createEventTables } from '@loadout/events';
import { defineService } from '@loadout/service-kit';

class CreateOther1700000000000 implements MigrationInterface {
  name = 'CreateOther1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await createEventTables(q, 'other');
  }
  async down(): Promise<void> {}
}

/**
 * Another service on the kit, with nothing but what every kit service has (its dead letters at
 * `internal/dead-letters`): the admin service's view of any other service.
 */
export const otherService = defineService({
  name: 'other',
  loadConfig: (env: NodeJS.ProcessEnv = process.env) =>
    loadConfig(serviceEnv.extend({ PORT: portVar(3997) }), env),
  entities: [],
  migrations: [CreateOther1700000000000],
  modules: () => [],
});
