/** `fields.field.created.v1`: an admin added a playing field. */
export interface FieldCreatedV1 {
  fieldId: string;
  name: string;
  county: string;
}
