import { Injectable } from '@nestjs/common';
import { type FieldDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { createField } from '../domain/field';
import { FieldRepository, type FieldActor } from '../domain/field-repository.port';
import { toFieldDto } from '../field-view';
import { type CreateFieldDto } from '../field-input.dto';

/** Admin adds a playing field; the row and `fields.field.created.v1` commit together. */
@Injectable()
export class CreateFieldHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly fields: FieldRepository,
  ) {}

  async create(input: CreateFieldDto, actor: FieldActor): Promise<FieldDto> {
    const change = createField(newId(), input);
    const saved = await this.uow.transaction((tx) => this.fields.insert(tx, change, actor));
    return toFieldDto(saved);
  }
}
