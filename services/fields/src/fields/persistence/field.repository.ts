import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type GameType } from '@loadout/contracts';
import { FieldEntity } from './field.entity';

export interface FieldFilter {
  county?: string;
  gameType?: GameType;
}

/** Keyset position: the (name, id) of the last row already shown. */
export type FieldPosition = readonly [name: string, id: string];

@Injectable()
export class FieldRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One query: `limit + 1` rows after the position tell whether another page exists. */
  async page(
    filter: FieldFilter,
    after: FieldPosition | null,
    limit: number,
  ): Promise<FieldEntity[]> {
    const qb = this.dataSource.getRepository(FieldEntity).createQueryBuilder('f');
    if (filter.county) qb.andWhere('f.county = :county', { county: filter.county });
    if (filter.gameType)
      qb.andWhere('f.game_types @> ARRAY[:gameType]::text[]', { gameType: filter.gameType });
    if (after) qb.andWhere('(f.name, f.id) > (:name, :id)', { name: after[0], id: after[1] });
    return qb
      .orderBy('f.name', 'ASC')
      .addOrderBy('f.id', 'ASC')
      .limit(limit + 1)
      .getMany();
  }

  findById(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FieldEntity | null> {
    return manager.findOneBy(FieldEntity, { id });
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(FieldEntity).count();
  }

  /** Inserts or updates the field inside the caller's transaction; returns the saved row. */
  save(tx: EntityManager, field: FieldEntity): Promise<FieldEntity> {
    return tx.save(field);
  }

  remove(tx: EntityManager, field: FieldEntity): Promise<FieldEntity> {
    return tx.remove(field);
  }

  /** Runs `work` in one transaction: the row change and its outbox event commit together. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
