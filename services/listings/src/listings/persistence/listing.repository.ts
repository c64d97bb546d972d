import { Injectable } from '@nestjs/common';
import { type ListingStatus } from '@loadout/contracts';
import { entityColumns, isId, rowReaderOf, selectListOf } from '@loadout/db';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type Listing, type ListingChange } from '../domain/listing';
import {
  ListingRepository,
  type ListingChangeMeta,
  type VersionedListing,
} from '../domain/listing-repository.port';
import { ListingEvents } from '../listing-events';
import { ListingEntity } from './listing.entity';
import { listingFromEntity, listingToEntity } from './listing.mapper';

const COLUMNS = entityColumns(ListingEntity);
const readRow = rowReaderOf<ListingEntity>(COLUMNS);
const SELECT = `SELECT ${selectListOf(COLUMNS, 'l')} FROM listings.listings l`;
const INSERT = `INSERT INTO listings.listings (${COLUMNS.map((c) => `"${c.column}"`).join(', ')})
  VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;
/** favorite_count moves with the favourites (their own statement); never written from here. */
const UPDATED = COLUMNS.filter((c) => !['id', 'favoriteCount', 'createdAt'].includes(c.property));
const UPDATE = `UPDATE listings.listings SET ${UPDATED.map(
  (c, i) => `"${c.column}" = $${i + 2}`,
).join(', ')} WHERE "id" = $1`;

/**
 * The row with its version: `xmin`, the transaction that wrote this version of the row (any
 * UPDATE of it writes a new one: a favourite's count, a moderator's, a migration's).
 */
const BY_ID_VERSIONED = `SELECT ${selectListOf(COLUMNS, 'l')}, l.xmin::text AS "rowVersion"
  FROM listings.listings l WHERE l."id" = $1`;

/** A guarded save's condition (ADR 0064): the row, the part `saved`, was written. */
const WRITTEN = 'EXISTS (SELECT 1 FROM saved)';

const rowOf = (listing: Listing) =>
  listingToEntity(listing.props) as unknown as Record<string, unknown>;

/**
 * Listings rows. Every write of `listings.listings` by a use case goes through here; reads for
 * pages go through `ListingQueries`. The statements are written once from the entity's columns
 * and run in either unit of work (`sqlOf`, ADR 0055).
 */
@Injectable()
export class SqlListingRepository extends ListingRepository {
  constructor(private readonly events: ListingEvents) {
    super();
  }

  async lock(tx: Tx, id: string): Promise<Listing | null> {
    if (!isId(id)) return null;
    const [row] = await sqlOf(tx)(`${SELECT} WHERE l."id" = $1 FOR UPDATE`, [id]);
    return row ? listingFromEntity(readRow(row)) : null;
  }

  async lockOfSeller(tx: Tx, sellerId: string, statuses: ListingStatus[]): Promise<Listing[]> {
    const rows = await sqlOf(tx)(
      `${SELECT} WHERE l."seller_id" = $1 AND l."status" = ANY($2::varchar[])
        ORDER BY l."id" FOR UPDATE`,
      [sellerId, statuses],
    );
    return rows.map((row) => listingFromEntity(readRow(row)));
  }

  async insert(tx: Tx, listing: Listing): Promise<void> {
    const row = rowOf(listing);
    await sqlOf(tx)(
      INSERT,
      COLUMNS.map((c) => row[c.property]),
    );
  }

  /** The row and the change's events in one statement (a data-modifying CTE, ADR 0055). */
  async save(tx: Tx, change: ListingChange, meta: ListingChangeMeta): Promise<void> {
    const { statement, params } = this.statementOf(change, meta);
    await sqlOf(tx)(statement, params);
  }

  async findForChange(tx: Tx, id: string): Promise<VersionedListing | null> {
    if (!isId(id)) return null;
    const [row] = await sqlOf(tx)(BY_ID_VERSIONED, [id]);
    if (!row) return null;
    const { rowVersion, ...entity } = row as Record<string, unknown> & { rowVersion: string };
    return { listing: listingFromEntity(readRow(entity)), version: rowVersion };
  }

  async saveIfUnchanged(
    tx: Tx,
    change: ListingChange,
    meta: ListingChangeMeta,
    version: string,
  ): Promise<boolean> {
    const { statement, params } = this.statementOf(change, meta, version);
    const [row] = (await sqlOf(tx)(statement, params)) as { applied: boolean }[];
    return row?.applied === true;
  }

  /**
   * The row's UPDATE and the change's outbox rows as one statement. With `version` (ADR 0064)
   * the row is written only if it is still that version, and the events only with it.
   */
  private statementOf(
    change: ListingChange,
    meta: ListingChangeMeta,
    version?: string,
  ): { statement: string; params: unknown[] } {
    const row = rowOf(change.listing);
    const params = [row.id, ...UPDATED.map((c) => row[c.property])];
    if (version === undefined && change.events.length === 0) return { statement: UPDATE, params };
    const update =
      version === undefined
        ? UPDATE
        : `${UPDATE} AND xmin = $${params.push(version)}::xid RETURNING "id"`;
    const when = version === undefined ? undefined : WRITTEN;
    const parts = [`saved AS (${update})`];
    let notify = 'NULL';
    if (change.events.length > 0) {
      const events = this.events.prepare(
        change.events,
        change.listing.props,
        meta,
        params.length + 1,
        when,
      );
      params.push(...events.params);
      parts.push(`events AS (${events.insert})`);
      notify = events.notify;
    }
    return {
      statement: `WITH ${parts.join(', ')} SELECT ${notify} AS "wake"${when ? `, ${when} AS "applied"` : ''}`,
      params,
    };
  }
}
