import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@loadout/events';
import { type EntityManager } from 'typeorm';
import { FIELDS_SCHEMA } from '../fields.config';
import { type FieldEntity } from './persistence/field.entity';

/** Who changed a field, for the event's metadata. */
export interface Actor {
  id: string;
  requestId?: string;
}

/** The fields service's events, appended to the outbox in the caller's transaction. */
@Injectable()
export class FieldEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  created(tx: EntityManager, field: FieldEntity, actor: Actor): Promise<void> {
    return this.changed(tx, 'fields.field.created.v1', field, actor);
  }

  updated(tx: EntityManager, field: FieldEntity, actor: Actor): Promise<void> {
    return this.changed(tx, 'fields.field.updated.v1', field, actor);
  }

  async deleted(tx: EntityManager, fieldId: string, actor: Actor): Promise<void> {
    await this.outbox.append(
      tx,
      FIELDS_SCHEMA,
      { type: 'fields.field.deleted.v1', aggregateId: fieldId, payload: { fieldId } },
      { actorId: actor.id, correlationId: actor.requestId },
    );
  }

  private async changed(
    tx: EntityManager,
    type: 'fields.field.created.v1' | 'fields.field.updated.v1',
    field: FieldEntity,
    actor: Actor,
  ): Promise<void> {
    await this.outbox.append(
      tx,
      FIELDS_SCHEMA,
      {
        type,
        aggregateId: field.id,
        payload: { fieldId: field.id, name: field.name, county: field.county },
      },
      { actorId: actor.id, correlationId: actor.requestId },
    );
  }
}
