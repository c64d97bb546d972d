import { Injectable } from '@nestjs/common';
import { isId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { fieldNotFound } from '../domain/field.errors';
import { FieldRepository, type FieldActor } from '../domain/field-repository.port';

/** Admin deletes a playing field; `fields.field.deleted.v1` in the same transaction. */
@Injectable()
export class DeleteFieldHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly fields: FieldRepository,
  ) {}

  async delete(id: string, actor: FieldActor): Promise<void> {
    if (!isId(id)) throw fieldNotFound();
    await this.uow.transaction(async (tx) => {
      const field = await this.fields.lock(tx, id);
      if (!field) throw fieldNotFound();
      await this.fields.remove(tx, field, actor);
    });
  }
}
