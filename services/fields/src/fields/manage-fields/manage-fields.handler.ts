import { Injectable } from '@nestjs/common';
import { type FieldDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { OutboxWriter } from '@loadout/events';
import { FIELDS_SCHEMA } from '../../fields.config';
import { fieldNotFound } from '../domain/field.errors';
import {
  checkCoordinates,
  checkLimits,
  normaliseEircode,
  roundJoules,
} from '../domain/field-rules';
import { FieldEntity } from '../persistence/field.entity';
import { toFieldDto } from '../persistence/field.mapper';
import { FieldRepository } from '../persistence/field.repository';
import { type CreateFieldDto, type UpdateFieldDto } from './manage-fields.dto';

export interface Actor {
  id: string;
  requestId?: string;
}

/** Admin changes to playing fields; each change and its event commit in one transaction. */
@Injectable()
export class ManageFieldsHandler {
  constructor(
    private readonly fields: FieldRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async create(input: CreateFieldDto, actor: Actor): Promise<FieldDto> {
    const entity = Object.assign(new FieldEntity(), { id: newId(), isExample: false });
    this.apply(entity, input);
    return this.fields.transaction(async (tx) => {
      const saved = await tx.save(entity);
      await this.outbox.append(
        tx,
        FIELDS_SCHEMA,
        {
          type: 'fields.field.created.v1',
          aggregateId: saved.id,
          payload: { fieldId: saved.id, name: saved.name, county: saved.county },
        },
        { actorId: actor.id, correlationId: actor.requestId },
      );
      return toFieldDto(saved);
    });
  }

  async update(id: string, input: UpdateFieldDto, actor: Actor): Promise<FieldDto> {
    return this.fields.transaction(async (tx) => {
      const entity = await this.fields.findById(id, tx);
      if (!entity) throw fieldNotFound();
      this.apply(entity, input);
      const saved = await tx.save(entity);
      await this.outbox.append(
        tx,
        FIELDS_SCHEMA,
        {
          type: 'fields.field.updated.v1',
          aggregateId: saved.id,
          payload: { fieldId: saved.id, name: saved.name, county: saved.county },
        },
        { actorId: actor.id, correlationId: actor.requestId },
      );
      return toFieldDto(saved);
    });
  }

  async delete(id: string, actor: Actor): Promise<void> {
    await this.fields.transaction(async (tx) => {
      const entity = await this.fields.findById(id, tx);
      if (!entity) throw fieldNotFound();
      await tx.remove(entity);
      await this.outbox.append(
        tx,
        FIELDS_SCHEMA,
        { type: 'fields.field.deleted.v1', aggregateId: id, payload: { fieldId: id } },
        { actorId: actor.id, correlationId: actor.requestId },
      );
    });
  }

  /** Applies the given fields, then checks the whole field's rules (so partial updates stay valid). */
  private apply(entity: FieldEntity, input: UpdateFieldDto): void {
    const has = (k: keyof UpdateFieldDto) => input[k] !== undefined;
    if (has('name')) entity.name = input.name!.trim();
    if (has('county')) entity.county = input.county!;
    if (has('address')) entity.address = input.address!.trim();
    if (has('eircode')) entity.eircode = normaliseEircode(input.eircode);
    if (has('latitude')) entity.latitude = input.latitude ?? null;
    if (has('longitude')) entity.longitude = input.longitude ?? null;
    if (has('website')) entity.website = input.website ?? null;
    if (has('phone')) entity.phone = input.phone ?? null;
    if (has('description')) entity.description = input.description!.trim();
    if (has('gameTypes')) entity.gameTypes = [...input.gameTypes!];
    if (has('limits')) {
      entity.aegJoules = roundJoules(input.limits!.aegJoules ?? null);
      entity.dmrJoules = roundJoules(input.limits!.dmrJoules ?? null);
      entity.sniperJoules = roundJoules(input.limits!.sniperJoules ?? null);
    }
    if (has('openingDays')) entity.openingDays = [...input.openingDays!];
    if (has('rentalAvailable')) entity.rentalAvailable = input.rentalAvailable!;
    if (has('minimumAge')) entity.minimumAge = input.minimumAge!;
    entity.latitude ??= null;
    entity.longitude ??= null;
    checkCoordinates(entity.latitude, entity.longitude);
    checkLimits({
      aegJoules: entity.aegJoules ?? null,
      dmrJoules: entity.dmrJoules ?? null,
      sniperJoules: entity.sniperJoules ?? null,
    });
  }
}
