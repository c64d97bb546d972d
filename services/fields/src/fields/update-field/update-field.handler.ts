import { Injectable } from '@nestjs/common';
import { type FieldDto } from '@loadout/contracts';
import { type UpdateFieldDto } from '../field-input.dto';
import { applyFieldInput } from '../domain/apply-field-input';
import { fieldNotFound } from '../domain/field.errors';
import { type Actor, FieldEvents } from '../field-events';
import { toFieldDto } from '../persistence/field.mapper';
import { FieldRepository } from '../persistence/field.repository';

/** Admin edits a playing field (any subset of its details); `fields.field.updated.v1` with it. */
@Injectable()
export class UpdateFieldHandler {
  constructor(
    private readonly fields: FieldRepository,
    private readonly events: FieldEvents,
  ) {}

  async update(id: string, input: UpdateFieldDto, actor: Actor): Promise<FieldDto> {
    return this.fields.transaction(async (tx) => {
      const entity = await this.fields.findById(id, tx);
      if (!entity) throw fieldNotFound();
      applyFieldInput(entity, input);
      const saved = await this.fields.save(tx, entity);
      await this.events.updated(tx, saved, actor);
      return toFieldDto(saved);
    });
  }
}
