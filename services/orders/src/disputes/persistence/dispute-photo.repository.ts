import { Injectable } from '@nestjs/common';
import { type DisputePhotoView } from '@loadout/contracts';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type DisputePhoto } from '../domain/dispute-photos';

/** An attached photo as the thread shows it: which message it belongs to (null: the opening). */
export interface AttachedPhoto extends DisputePhotoView {
  messageId: string | null;
}

const COLUMNS = `id, order_id AS "orderId", uploader_id AS "uploaderId", dispute_id AS "disputeId",
  message_id::text AS "messageId", large_key AS "largeKey", thumb_key AS "thumbKey", width, height`;

/** `orders.dispute_photos` in plain SQL (ADR 0037). */
@Injectable()
export class DisputePhotoRepository {
  async insert(tx: Tx, p: DisputePhoto): Promise<void> {
    await sqlOf(tx)(
      `INSERT INTO orders.dispute_photos (id, order_id, uploader_id, large_key, thumb_key, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [p.id, p.orderId, p.uploaderId, p.largeKey, p.thumbKey, p.width, p.height],
    );
  }

  async countUploadedSince(tx: Tx, uploaderId: string, since: Date): Promise<number> {
    const [row] = (await sqlOf(tx)(
      `SELECT count(*)::int AS n FROM orders.dispute_photos WHERE uploader_id = $1 AND created_at >= $2`,
      [uploaderId, since],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  async find(tx: Tx, id: string): Promise<DisputePhoto | null> {
    const rows = (await sqlOf(tx)(`SELECT ${COLUMNS} FROM orders.dispute_photos WHERE id = $1`, [
      id,
    ])) as DisputePhoto[];
    return rows[0] ?? null;
  }

  /**
   * Attaches the author's unattached photos of the order, in the order given, to the dispute
   * (and a message of it, or the opening). Returns how many it attached: fewer than asked means
   * an id was someone else's, of another order, unknown or already sent.
   */
  async attach(
    tx: Tx,
    ids: readonly string[],
    to: { orderId: string; uploaderId: string; disputeId: string; messageId: string | null },
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = (await sqlOf(tx)(
      `UPDATE orders.dispute_photos p SET dispute_id = $3, message_id = $4::bigint,
              position = v.position
         FROM unnest($5::text[]) WITH ORDINALITY AS v(id, position)
        WHERE p.id = v.id AND p.order_id = $1 AND p.uploader_id = $2 AND p.dispute_id IS NULL
       RETURNING p.id`,
      [to.orderId, to.uploaderId, to.disputeId, to.messageId, ids],
    )) as unknown[];
    return rows.length;
  }

  /**
   * Deletes up to `limit` photos never attached and uploaded before `before` (each row claimed
   * by one replica: `SKIP LOCKED`), returning their files' keys.
   */
  async deleteUnattachedBefore(
    tx: Tx,
    before: Date,
    limit: number,
  ): Promise<{ largeKey: string; thumbKey: string }[]> {
    const rows = (await sqlOf(tx)(
      `DELETE FROM orders.dispute_photos WHERE id IN (
         SELECT id FROM orders.dispute_photos
          WHERE dispute_id IS NULL AND created_at < $1
          ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING large_key AS "largeKey", thumb_key AS "thumbKey"`,
      [before, limit],
    )) as { largeKey: string; thumbKey: string }[];
    return rows;
  }

  /** The dispute's attached photos: the opening's first, then each message's, in order. */
  async ofDispute(tx: Tx, disputeId: string): Promise<AttachedPhoto[]> {
    const rows = (await sqlOf(tx)(
      `SELECT id, width, height, message_id::text AS "messageId" FROM orders.dispute_photos
        WHERE dispute_id = $1 ORDER BY message_id NULLS FIRST, position`,
      [disputeId],
    )) as AttachedPhoto[];
    return rows;
  }
}
