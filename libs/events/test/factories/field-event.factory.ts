import { randomUUID } from 'node:crypto';
import { type FieldCreatedV1, type FieldUpdatedV1 } from '@loadout/contracts';

export const newFieldId = () => `field-${randomUUID()}`;

export function fieldCreated(fieldId = newFieldId(), name = 'Ballykinler CQB') {
  const payload: FieldCreatedV1 = { fieldId, name, county: 'Down' };
  return { type: 'fields.field.created.v1' as const, aggregateId: fieldId, payload };
}

export function fieldUpdated(fieldId: string, name: string) {
  const payload: FieldUpdatedV1 = { fieldId, name, county: 'Down' };
  return { type: 'fields.field.updated.v1' as const, aggregateId: fieldId, payload };
}
