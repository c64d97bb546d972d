/** `fields.field.deleted.v1`: a field was removed; read models drop it. */
export interface FieldDeletedV1 {
  fieldId: string;
}
