/** `fields.field.updated.v1`: a field's name or county changed; carries the new values. */
export interface FieldUpdatedV1 {
  fieldId: string;
  name: string;
  county: string;
}
