import { Injectable } from '@nestjs/common';
import { fieldNotFound } from '../domain/field.errors';
import { type Actor, FieldEvents } from '../field-events';
import { FieldRepository } from '../persistence/field.repository';

/** Admin deletes a playing field; `fields.field.deleted.v1` in the same transaction. */
@Injectable()
export class DeleteFieldHandler {
  constructor(
    private readonly fields: FieldRepository,
    private readonly events: FieldEvents,
  ) {}

  async delete(id: string, actor: Actor): Promise<void> {
    await this.fields.transaction(async (tx) => {
      const entity = await this.fields.findById(id, tx);
      if (!entity) throw fieldNotFound();
      await this.fields.remove(tx, entity);
      await this.events.deleted(tx, id, actor);
    });
  }
}
