import { type GameType } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type FieldChange, type StoredField } from './field';

/** Who changed a field, for the event's metadata. */
export interface FieldActor {
  id: string;
  requestId?: string;
}

export interface FieldFilter {
  county?: string;
  gameType?: GameType;
}

/** Keyset position: the (name, id) of the last row already shown. */
export type FieldPosition = readonly [name: string, id: string];

/**
 * Playing fields. `insert`, `save` and `remove` append the change's
 * `fields.field.<event>.v1` to the outbox in the caller's transaction (both commit together).
 */
export abstract class FieldRepository {
  abstract find(tx: Tx, id: string): Promise<StoredField | null>;
  /** The field, locked until the transaction ends (two edits apply one after the other). */
  abstract lock(tx: Tx, id: string): Promise<StoredField | null>;
  abstract insert(tx: Tx, change: FieldChange, actor: FieldActor): Promise<StoredField>;
  abstract save(tx: Tx, change: FieldChange, actor: FieldActor): Promise<StoredField>;
  abstract remove(tx: Tx, field: StoredField, actor: FieldActor): Promise<void>;
  /** One query: `limit + 1` rows after the position tell whether another page exists. */
  abstract page(
    tx: Tx,
    filter: FieldFilter,
    after: FieldPosition | null,
    limit: number,
  ): Promise<StoredField[]>;
  abstract count(tx: Tx): Promise<number>;
}
