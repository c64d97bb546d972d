import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Tx } from '@loadout/service-kit';
import { type FieldChange, type StoredField } from '../domain/field';
import {
  FieldRepository,
  type FieldActor,
  type FieldFilter,
  type FieldPosition,
} from '../domain/field-repository.port';
import { FieldEntity } from './field.entity';
import { FieldEvents } from './field-events';
import { toField, toFieldEntity } from './field.mapper';

/** `fields.fields` through TypeORM; every change appends its event in the same transaction. */
@Injectable()
export class TypeOrmFieldRepository extends FieldRepository {
  constructor(private readonly events: FieldEvents) {
    super();
  }

  async find(tx: Tx, id: string): Promise<StoredField | null> {
    const row = await entityManagerOf(tx).findOneBy(FieldEntity, { id });
    return row ? toField(row) : null;
  }

  async lock(tx: Tx, id: string): Promise<StoredField | null> {
    const row = await entityManagerOf(tx)
      .getRepository(FieldEntity)
      .createQueryBuilder('f')
      .setLock('pessimistic_write')
      .where('f.id = :id', { id })
      .getOne();
    return row ? toField(row) : null;
  }

  insert(tx: Tx, change: FieldChange, actor: FieldActor): Promise<StoredField> {
    return this.write(tx, change, actor);
  }

  save(tx: Tx, change: FieldChange, actor: FieldActor): Promise<StoredField> {
    return this.write(tx, change, actor);
  }

  async remove(tx: Tx, field: StoredField, actor: FieldActor): Promise<void> {
    const manager = entityManagerOf(tx);
    await manager.delete(FieldEntity, { id: field.id });
    await this.events.deleted(manager, field.id, actor);
  }

  async page(
    tx: Tx,
    filter: FieldFilter,
    after: FieldPosition | null,
    limit: number,
  ): Promise<StoredField[]> {
    const qb = entityManagerOf(tx).getRepository(FieldEntity).createQueryBuilder('f');
    if (filter.county) qb.andWhere('f.county = :county', { county: filter.county });
    if (filter.gameType)
      qb.andWhere('f.game_types @> ARRAY[:gameType]::text[]', { gameType: filter.gameType });
    if (after) qb.andWhere('(f.name, f.id) > (:name, :id)', { name: after[0], id: after[1] });
    const rows = await qb
      .orderBy('f.name', 'ASC')
      .addOrderBy('f.id', 'ASC')
      .limit(limit + 1)
      .getMany();
    return rows.map(toField);
  }

  count(tx: Tx): Promise<number> {
    return entityManagerOf(tx).getRepository(FieldEntity).count();
  }

  private async write(tx: Tx, change: FieldChange, actor: FieldActor): Promise<StoredField> {
    const manager = entityManagerOf(tx);
    await manager.save(toFieldEntity(change.field));
    await this.events.changed(manager, change.event, change.field, actor);
    // Read back: the database sets the timestamps.
    return toField(await manager.findOneByOrFail(FieldEntity, { id: change.field.id }));
  }
}
