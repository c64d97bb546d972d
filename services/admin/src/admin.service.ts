import { createKeyValueStore } from '@loadout/cache';
import { defineService } from '@loadout/service-kit';
import { ADMIN_CONFIG, ADMIN_GROUP, ADMIN_SCHEMA, loadAdminConfig } from './admin.config';
import { AuditModule } from './audit/audit.module';
import { BugReportsModule } from './bug-reports/bug-reports.module';
import { DeadLettersAdminModule } from './dead-letters/dead-letters.module';
import { ParkedJobsAdminModule } from './parked-jobs/parked-jobs.module';
import { adminMigrations } from './migrations';
import { ModerationModule } from './moderation/moderation.module';
import { PrivacyModule } from './privacy/privacy.module';
import { KEY_VALUE_STORE, KeyValueStoreCloser } from './shared/client-limiter';
import { StatsModule } from './stats/stats.module';

/**
 * The admin service: bug reports, notice and action (reports, cases, decisions with statements
 * of reasons, appeals), the append-only audit log, every service's dead letters, and the
 * dashboard's read model of identity's, listings' and orders' events.
 * Its tables are written through SQL repositories; the migrations are the schema.
 */
export const adminService = defineService({
  name: 'admin',
  schema: ADMIN_SCHEMA,
  loadConfig: loadAdminConfig,
  configToken: ADMIN_CONFIG,
  entities: [],
  migrations: adminMigrations,
  providers: (config) => [
    {
      provide: KEY_VALUE_STORE,
      useFactory: () => createKeyValueStore(config.REDIS_URL, 'loadout:admin:'),
    },
    KeyValueStoreCloser,
  ],
  modules: () => [
    AuditModule,
    BugReportsModule,
    ModerationModule,
    DeadLettersAdminModule,
    ParkedJobsAdminModule,
    StatsModule,
    PrivacyModule,
  ],
  consumers: [{ group: ADMIN_GROUP }],
});
