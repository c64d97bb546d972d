import { type ValueTransformer } from 'typeorm';

/** Postgres `numeric` arrives as a string; the API speaks numbers. */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
