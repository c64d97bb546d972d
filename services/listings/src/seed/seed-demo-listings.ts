import { type DataSource, type EntityManager } from 'typeorm';
import { newId } from '@loadout/db';
import { validateListing } from '@loadout/listing-rules';
import { createObjectStorage, type ObjectStorage, type StorageConfig } from '@loadout/storage';
import { processImage } from '@loadout/images';
import { ImageEntity } from '../images/persistence/image.entity';
import { imageKeys } from '../images/persistence/image.mapper';
import { toFields } from '../listings/domain/listing-fields';
import { DEMO_LISTINGS, DEMO_SELLER, type DemoListing } from './demo-listings';
import { renderDemoPhoto } from './demo-photos';

export interface DemoSeedResult {
  /** Demo listings inserted by this run (0 when they all existed). */
  created: number;
  total: number;
  /** Ready photos the demo listings have after this run. */
  photos: number;
  /** Photos added by this run. */
  photosAdded: number;
  /** Photo files (1200/400 WebP) written again because they were missing from the store. */
  filesRestored: number;
  /** Why no photos were seeded (the store could not be created or written), if so. */
  photosSkipped?: string;
}

export interface SeedDemoOptions {
  /** The store to use instead of `createObjectStorage(config)` (tests). */
  storage?: ObjectStorage;
}

/**
 * Development seed: a fictional demo seller, 5 active demo listings and their generated
 * "Example photo" pictures, stored and recorded exactly as completed uploads are (re-encoded by
 * the upload pipeline to 1200/400 WebP, `images/{id}/…` keys, ready `listings.images` rows,
 * the listing's `thumb_url` and `image_count`). Idempotent: re-running adds nothing, but writes
 * the files of existing photos again when they are missing from the store. When the store
 * cannot be used the listings are still seeded and `photosSkipped` says why.
 */
export async function seedDemoListings(
  dataSource: DataSource,
  config: StorageConfig,
  options: SeedDemoOptions = {},
): Promise<DemoSeedResult> {
  const created = await seedListings(dataSource);
  const result: DemoSeedResult = {
    created,
    total: DEMO_LISTINGS.length,
    photos: 0,
    photosAdded: 0,
    filesRestored: 0,
  };
  let storage: ObjectStorage;
  try {
    storage = options.storage ?? (await createObjectStorage(config));
    await storage.ping();
  } catch (err) {
    result.photos = await countDemoPhotos(dataSource);
    return { ...result, photosSkipped: reason(err) };
  }
  try {
    for (const demo of DEMO_LISTINGS) {
      const seeded = await seedPhotos(dataSource, storage, demo);
      result.photosAdded += seeded.added;
      result.filesRestored += seeded.restored;
    }
  } catch (err) {
    result.photosSkipped = reason(err);
  }
  result.photos = await countDemoPhotos(dataSource);
  return result;
}

/** The seed's one log line, e.g. "listings: created 5 of 5 demo listings, 7 photos". */
export function describeDemoSeed(r: DemoSeedResult): string {
  const listings = `${r.created ? `created ${r.created} of` : 'checked'} ${r.total} demo listings`;
  const details = [
    r.photosAdded && r.photosAdded !== r.photos ? `${r.photosAdded} new` : '',
    r.filesRestored ? `${r.filesRestored} missing photo files re-created` : '',
  ].filter(Boolean);
  const photos = `${r.photos} photos${details.length ? ` (${details.join(', ')})` : ''}`;
  const skipped = r.photosSkipped ? `; photos skipped: ${r.photosSkipped}` : '';
  return `listings: ${listings}, ${photos}${skipped}`;
}

const reason = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!.trim();

async function seedListings(dataSource: DataSource): Promise<number> {
  let created = 0;
  await dataSource.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO "listings"."sellers"
         ("id", "username", "display_name", "county", "seller_type", "member_since", "updated_at")
       VALUES ($1, $2, $3, $4, $5, now() - interval '400 days', now())
       ON CONFLICT ("id") DO NOTHING`,
      [
        DEMO_SELLER.id,
        DEMO_SELLER.username,
        DEMO_SELLER.displayName,
        DEMO_SELLER.county,
        DEMO_SELLER.sellerType,
      ],
    );
    for (const demo of DEMO_LISTINGS) {
      // Valid in every respect; the photos are added below.
      const problems = validateListing({ ...demo, imageIds: ['seed'] }, { forPublish: true });
      if (problems.length) throw new Error(`${demo.id}: ${JSON.stringify(problems)}`);
      const f = toFields(demo);
      const rows = (await tx.query(
        `INSERT INTO "listings"."listings"
           ("id", "seller_id", "status", "title", "description", "category", "condition",
            "price_cents", "county", "postage_cents", "collection", "fps", "bb_weight_grams",
            "joules", "published_at", "created_at", "updated_at")
         VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                 now() - make_interval(days => $14), now() - make_interval(days => $14),
                 now() - make_interval(days => $14))
         ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
        [
          demo.id,
          DEMO_SELLER.id,
          f.title,
          f.description,
          f.category,
          f.condition,
          f.priceCents,
          f.county,
          f.postageCents,
          f.collection,
          f.fps,
          f.bbWeightGrams,
          f.joules,
          demo.daysAgo,
        ],
      )) as unknown[];
      created += rows.length;
    }
  });
  return created;
}

async function countDemoPhotos(dataSource: DataSource): Promise<number> {
  return dataSource.getRepository(ImageEntity).countBy({
    ownerId: DEMO_SELLER.id,
    status: 'ready',
  });
}

/** The photo as `complete` leaves it: re-encoded by the upload pipeline, both sizes stored. */
async function storePhoto(storage: ObjectStorage, demo: DemoListing, index: number, id: string) {
  const original = await renderDemoPhoto(demo, index);
  const processed = await processImage(original);
  const keys = imageKeys(DEMO_SELLER.id, id);
  await storage.put(keys.large, processed.large.data, processed.contentType);
  await storage.put(keys.thumb, processed.thumb.data, processed.contentType);
  return { original, processed, keys };
}

async function seedPhotos(
  dataSource: DataSource,
  storage: ObjectStorage,
  demo: DemoListing,
): Promise<{ added: number; restored: number }> {
  const existing = await dataSource.getRepository(ImageEntity).find({
    where: { listingId: demo.id },
    order: { position: 'ASC', id: 'ASC' },
  });
  if (existing.length) {
    // The listing has its photos; put back any file that is gone (e.g. `.data/objects` deleted).
    let restored = 0;
    for (const [index, image] of existing.entries()) {
      if (image.ownerId !== DEMO_SELLER.id || image.status !== 'ready') continue;
      const keys = imageKeys(image.ownerId, image.id);
      if ((await storage.stat(keys.large)) && (await storage.stat(keys.thumb))) continue;
      await storePhoto(
        storage,
        demo,
        Math.min(image.position ?? index, demo.photoCount - 1),
        image.id,
      );
      restored += 2;
    }
    return { added: 0, restored };
  }

  const stored = [];
  for (let index = 0; index < demo.photoCount; index++) {
    const id = newId();
    stored.push({ id, index, ...(await storePhoto(storage, demo, index, id)) });
  }
  const rows = stored.map(({ id, index, original, processed, keys }): Partial<ImageEntity> => ({
    id,
    ownerId: DEMO_SELLER.id,
    listingId: demo.id,
    position: index,
    status: 'ready',
    uploadId: null,
    originalKey: keys.original,
    url: storage.publicUrl(keys.large),
    thumbUrl: storage.publicUrl(keys.thumb),
    width: processed.large.width,
    height: processed.large.height,
    sizeBytes: original.length,
    contentType: 'image/png',
  }));
  const added = await dataSource.transaction(async (tx: EntityManager) => {
    // Locks the listing so that two seeds at once cannot both add photos.
    const [listing] = (await tx.query(
      `SELECT "id" FROM "listings"."listings" WHERE "id" = $1 FOR UPDATE`,
      [demo.id],
    )) as { id: string }[];
    const raced = await tx.getRepository(ImageEntity).countBy({ listingId: demo.id });
    if (!listing || raced) return false;
    await tx.getRepository(ImageEntity).insert(rows);
    await tx.query(
      `UPDATE "listings"."listings" SET "thumb_url" = $2, "image_count" = $3 WHERE "id" = $1`,
      [demo.id, rows[0]!.thumbUrl, rows.length],
    );
    return true;
  });
  if (!added)
    for (const { keys } of stored)
      for (const key of [keys.large, keys.thumb]) await storage.delete(key);
  return { added: added ? rows.length : 0, restored: 0 };
}
