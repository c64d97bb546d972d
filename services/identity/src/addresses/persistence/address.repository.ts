import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DeliveryAddress, type IrishCounty, type SavedAddress } from '@loadout/contracts';
import { isId, newId } from '@loadout/db';
import { UserEntity } from '../../accounts/persistence/user.entity';
import { AddressRepository } from '../domain/address-repository.port';
import { AddressEntity } from './address.entity';

const toSaved = (e: AddressEntity): SavedAddress => ({
  id: e.id,
  name: e.name,
  line1: e.line1,
  line2: e.line2,
  town: e.town,
  county: e.county as IrishCounty,
  eircode: e.eircode,
  phone: e.phone,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

@Injectable()
export class TypeOrmAddressRepository extends AddressRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async list(ownerId: string): Promise<SavedAddress[]> {
    const rows = await this.dataSource.manager.find(AddressEntity, {
      where: { userId: ownerId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toSaved);
  }

  add(ownerId: string, address: DeliveryAddress, limit: number): Promise<SavedAddress | null> {
    return this.dataSource.transaction(async (tx) => {
      // The owner's row lock serialises concurrent adds, so the limit holds.
      await tx
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .setLock('pessimistic_write')
        .where('u.id = :id', { id: ownerId })
        .getOne();
      if ((await tx.countBy(AddressEntity, { userId: ownerId })) >= limit) return null;
      const row = tx.create(AddressEntity, { id: newId(), userId: ownerId, ...address });
      return toSaved(await tx.save(row));
    });
  }

  async find(ownerId: string, id: string): Promise<SavedAddress | null> {
    // An id of another shape (a NUL byte, 10 kB) names nothing: no query for it.
    if (!isId(id)) return null;
    const row = await this.dataSource.manager.findOneBy(AddressEntity, { id, userId: ownerId });
    return row ? toSaved(row) : null;
  }

  async update(
    ownerId: string,
    id: string,
    address: DeliveryAddress,
  ): Promise<SavedAddress | null> {
    if (!isId(id)) return null;
    const repo = this.dataSource.getRepository(AddressEntity);
    const row = await repo.findOneBy({ id, userId: ownerId });
    if (!row) return null;
    return toSaved(await repo.save(Object.assign(row, address)));
  }

  async remove(ownerId: string, id: string): Promise<boolean> {
    if (!isId(id)) return false;
    const result = await this.dataSource.manager.delete(AddressEntity, { id, userId: ownerId });
    return (result.affected ?? 0) > 0;
  }
}
