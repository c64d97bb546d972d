import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createFieldsDataSource } from './data-source';
import { loadFieldsConfig } from './fields.config';
import { FieldEntity } from './fields/persistence/field.entity';
import { EXAMPLE_FIELDS } from './seed/example-fields';

/** Development seed: fictional example fields, inserted once (re-running changes nothing). */
async function main(): Promise<void> {
  const config = loadFieldsConfig();
  if (config.NODE_ENV === 'production') {
    console.log('fields: not seeding example fields in production');
    return;
  }
  const dataSource = createFieldsDataSource(config);
  await migrate(dataSource);
  const rows = EXAMPLE_FIELDS.map((f) =>
    Object.assign(new FieldEntity(), {
      ...f,
      aegJoules: f.limits.aegJoules,
      dmrJoules: f.limits.dmrJoules,
      sniperJoules: f.limits.sniperJoules,
      isExample: true,
    }),
  );
  const result = await dataSource
    .createQueryBuilder()
    .insert()
    .into(FieldEntity)
    .values(rows)
    .orIgnore()
    .execute();
  console.log(
    `fields: ${result.identifiers.filter(Boolean).length === rows.length ? 'seeded' : 'checked'} ${rows.length} example fields`,
  );
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('fields: seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
