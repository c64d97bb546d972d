import { Injectable } from '@nestjs/common';
import { type FieldDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { applyFieldInput } from '../domain/apply-field-input';
import { type Actor, FieldEvents } from '../field-events';
import { FieldEntity } from '../persistence/field.entity';
import { toFieldDto } from '../persistence/field.mapper';
import { FieldRepository } from '../persistence/field.repository';
import { type CreateFieldDto } from '../field-input.dto';

/** Admin adds a playing field; the row and `fields.field.created.v1` commit together. */
@Injectable()
export class CreateFieldHandler {
  constructor(
    private readonly fields: FieldRepository,
    private readonly events: FieldEvents,
  ) {}

  async create(input: CreateFieldDto, actor: Actor): Promise<FieldDto> {
    const entity = Object.assign(new FieldEntity(), { id: newId(), isExample: false });
    applyFieldInput(entity, input);
    return this.fields.transaction(async (tx) => {
      const saved = await this.fields.save(tx, entity);
      await this.events.created(tx, saved, actor);
      return toFieldDto(saved);
    });
  }
}
