import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@loadout/events';
import { type EntityManager } from 'typeorm';
import { FIELDS_SCHEMA } from '../../fields.config';
import { type Field } from '../domain/field';
import { type FieldActor } from '../domain/field-repository.port';

const metaOf = (actor: FieldActor) => ({ actorId: actor.id, correlationId: actor.requestId });

/** The fields service's events, appended to the outbox in the repository's transaction. */
@Injectable()
export class FieldEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async changed(
    manager: EntityManager,
    event: 'created' | 'updated',
    field: Field,
    actor: FieldActor,
  ): Promise<void> {
    await this.outbox.append(
      manager,
      FIELDS_SCHEMA,
      {
        type: event === 'created' ? 'fields.field.created.v1' : 'fields.field.updated.v1',
        aggregateId: field.id,
        payload: { fieldId: field.id, name: field.name, county: field.county },
      },
      metaOf(actor),
    );
  }

  async deleted(manager: EntityManager, fieldId: string, actor: FieldActor): Promise<void> {
    await this.outbox.append(
      manager,
      FIELDS_SCHEMA,
      { type: 'fields.field.deleted.v1', aggregateId: fieldId, payload: { fieldId } },
      metaOf(actor),
    );
  }
}
