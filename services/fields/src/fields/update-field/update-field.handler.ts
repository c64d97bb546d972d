import { Injectable } from '@nestjs/common';
import { type FieldDto } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { updateField } from '../domain/field';
import { fieldNotFound } from '../domain/field.errors';
import { FieldRepository, type FieldActor } from '../domain/field-repository.port';
import { toFieldDto } from '../field-view';
import { type UpdateFieldDto } from '../field-input.dto';

/** Admin edits a playing field (any subset of its details); `fields.field.updated.v1` with it. */
@Injectable()
export class UpdateFieldHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly fields: FieldRepository,
  ) {}

  async update(id: string, input: UpdateFieldDto, actor: FieldActor): Promise<FieldDto> {
    if (!isId(id)) throw fieldNotFound();
    const saved = await this.uow.transaction(async (tx) => {
      const field = await this.fields.lock(tx, id);
      if (!field) throw fieldNotFound();
      return this.fields.save(tx, updateField(field, input), actor);
    });
    return toFieldDto(saved);
  }
}
