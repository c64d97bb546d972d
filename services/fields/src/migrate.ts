import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createFieldsDataSource } from './data-source';
import { loadFieldsConfig } from './fields.config';

async function main(): Promise<void> {
  const dataSource = createFieldsDataSource(loadFieldsConfig());
  const applied = await migrate(dataSource);
  console.log(
    applied.length ? `fields: applied ${applied.join(', ')}` : 'fields: schema up to date',
  );
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('fields: migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
