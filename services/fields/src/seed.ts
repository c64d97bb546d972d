import { runSeed } from '@loadout/service-kit';
import { fieldsService } from './fields.service';
import { FieldEntity } from './fields/persistence/field.entity';
import { EXAMPLE_FIELDS } from './seed/example-fields';

/** Development seed: fictional example fields, inserted once (re-running changes nothing). */
runSeed(
  fieldsService,
  async (dataSource) => {
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
    const inserted = result.identifiers.filter(Boolean).length === rows.length;
    return `fields: ${inserted ? 'seeded' : 'checked'} ${rows.length} example fields`;
  },
  { skipInProduction: true },
);
