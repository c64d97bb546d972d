import { defineService } from '@loadout/service-kit';
import { ADMIN_CONFIG, ADMIN_SCHEMA, loadAdminConfig } from './admin.config';
import { AdminModule } from './admin/admin.module';
import { adminMigrations } from './migrations';

/** The admin service. */
export const adminService = defineService({
  name: 'admin',
  schema: ADMIN_SCHEMA,
  loadConfig: loadAdminConfig,
  configToken: ADMIN_CONFIG,
  entities: [],
  migrations: adminMigrations,
  modules: () => [AdminModule],
});
