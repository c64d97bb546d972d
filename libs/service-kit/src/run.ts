import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { installProcessGuards, listen } from '@loadout/http';
import { createServiceApp } from './service-app';
import { createServiceDataSource } from './service-data-source';
import { type ServiceConfig, type ServiceDefinition } from './service-definition';

/** Runs `main` as a process: a failure prints its message (never a stack of secrets) and exits 1. */
function runProcess(label: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(label, err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

/** `main.ts` of a service: config from the environment, consumers started, HTTP listening. */
export function runService<C extends ServiceConfig>(definition: ServiceDefinition<C>): void {
  // A lost promise or a stray throw ends the process for its supervisor (issue 22 item 3).
  installProcessGuards({ name: definition.name });
  runProcess(`${definition.name}:`, async () => {
    const config = definition.loadConfig();
    const app = await createServiceApp(definition, config);
    await app.startAllMicroservices();
    await listen(app, config.PORT, config.HOST, definition.name);
  });
}

/** Creates the service's schema when missing and applies its pending migrations. */
export async function migrateService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
): Promise<string[]> {
  const dataSource = createServiceDataSource(definition, config);
  try {
    return await migrate(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

/** `migrate.ts` of a service. */
export function runMigrations<C extends ServiceConfig>(definition: ServiceDefinition<C>): void {
  runProcess(`${definition.name}: migration failed:`, async () => {
    const applied = await migrateService(definition, definition.loadConfig());
    console.log(
      applied.length
        ? `${definition.name}: applied ${applied.join(', ')}`
        : `${definition.name}: schema up to date`,
    );
  });
}

export interface SeedOptions {
  /** Development data that must never reach real users: the seed does nothing in production. */
  skipInProduction?: boolean;
}

/**
 * `seed.ts` of a service: migrates, then runs `seed` on a data source of the service and prints
 * the line it returns. Re-running a seed must change nothing (seeds insert once).
 */
export function runSeed<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  seed: (dataSource: DataSource, config: C) => Promise<string>,
  options: SeedOptions = {},
): void {
  runProcess(`${definition.name}: seeding failed:`, async () => {
    const config = definition.loadConfig();
    if (options.skipInProduction && config.NODE_ENV === 'production') {
      console.log(`${definition.name}: no development seed in production`);
      return;
    }
    const dataSource = createServiceDataSource(definition, config);
    try {
      await migrate(dataSource);
      console.log(await seed(dataSource, config));
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  });
}
