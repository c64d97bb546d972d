import 'reflect-metadata';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceDataSource } from '@loadout/service-kit';
import { listingsService } from '../src/listings.service';
import { loadListingsConfig } from '../src/listings.config';
import { ListingQueries } from '../src/listings/persistence/listing-queries';
import { DEMO_LISTINGS, DEMO_SELLER } from '../src/seed/demo-listings';
import { describeDemoSeed, seedDemoListings } from '../src/seed/seed-demo-listings';

jest.setTimeout(60_000);

interface ImageRow {
  id: string;
  owner_id: string;
  listing_id: string;
  position: number;
  status: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  original_key: string;
}

describe('demo listings seed (with photos)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let objectsDir: string;

  const config = (withSecret = true) =>
    loadListingsConfig({
      DATABASE_URL: db.url,
      NODE_ENV: 'test',
      OBJECT_STORAGE_DIR: objectsDir,
      ...(withSecret ? { UPLOAD_SIGNING_SECRET: 'seed-test-signing-secret' } : {}),
    });

  const images = (): Promise<ImageRow[]> =>
    ds.query(`SELECT * FROM "listings"."images" ORDER BY "listing_id", "position"`) as Promise<
      ImageRow[]
    >;

  /** The file behind a filesystem store's public URL (`/api/v1/images/<key>`). */
  const fileOf = (url: string) => path.join(objectsDir, url.replace(/^\/api\/v1\/images\//, ''));

  beforeAll(async () => {
    db = await createTestDatabase('listings_seed');
    objectsDir = mkdtempSync(path.join(os.tmpdir(), 'listings-seed-'));
    ds = createServiceDataSource(listingsService, { DATABASE_URL: db.url, DB_POOL_SIZE: 5 });
    await migrate(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    if (objectsDir) rmSync(objectsDir, { recursive: true, force: true });
  });

  it('seeds the listings and skips photos, with a reason, when there is no store', async () => {
    const result = await seedDemoListings(ds, config(false));
    expect(result).toMatchObject({ created: 5, total: 5, photos: 0, photosAdded: 0 });
    expect(result.photosSkipped).toMatch(/UPLOAD_SIGNING_SECRET/);
    const line = describeDemoSeed(result);
    expect(line).toMatch(/^listings: created 5 of 5 demo listings, 0 photos; photos skipped: /);
    expect(line).not.toContain('\n');
    expect(await images()).toEqual([]);
  });

  it('gives every demo listing ready photos stored like completed uploads', async () => {
    const result = await seedDemoListings(ds, config());
    const expected = DEMO_LISTINGS.reduce((n, d) => n + d.photoCount, 0);
    expect(result).toEqual({
      created: 0,
      total: 5,
      photos: expected,
      photosAdded: expected,
      filesRestored: 0,
    });
    expect(describeDemoSeed(result)).toBe(`listings: checked 5 demo listings, ${expected} photos`);

    const rows = await images();
    expect(rows).toHaveLength(expected);
    for (const demo of DEMO_LISTINGS) {
      const own = rows.filter((r) => r.listing_id === demo.id);
      expect(own.map((r) => r.position)).toEqual([...Array(demo.photoCount).keys()]);
      for (const r of own) {
        expect(r).toMatchObject({
          owner_id: DEMO_SELLER.id,
          status: 'ready',
          url: `/api/v1/images/images/${r.id}/1200.webp`,
          thumb_url: `/api/v1/images/images/${r.id}/400.webp`,
          width: 1200,
          height: 900,
          original_key: `uploads/${DEMO_SELLER.id}/${r.id}`,
        });
        expect(r.id).toHaveLength(21);
        const large = await sharp(readFileSync(fileOf(r.url))).metadata();
        const thumb = await sharp(readFileSync(fileOf(r.thumb_url))).metadata();
        expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 900]);
        expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 300]);
        expect(large.exif).toBeUndefined();
      }
      const [listing] = (await ds.query(
        `SELECT "thumb_url", "image_count" FROM "listings"."listings" WHERE "id" = $1`,
        [demo.id],
      )) as { thumb_url: string; image_count: number }[];
      expect(listing).toEqual({ thumb_url: own[0]!.thumb_url, image_count: demo.photoCount });
    }
    // No uploaded originals are left behind, as after `complete`.
    expect(existsSync(path.join(objectsDir, 'uploads'))).toBe(false);
  });

  it('adds nothing when run again', async () => {
    const before = await images();
    const result = await seedDemoListings(ds, config());
    expect(result).toMatchObject({ created: 0, photosAdded: 0, filesRestored: 0 });
    expect(result.photosSkipped).toBeUndefined();
    expect(await images()).toEqual(before);
  });

  it('re-creates missing files of existing photos without new rows', async () => {
    const before = await images();
    rmSync(path.join(objectsDir, 'images'), { recursive: true, force: true });
    const result = await seedDemoListings(ds, config());
    expect(result).toMatchObject({ photosAdded: 0, filesRestored: before.length * 2 });
    expect(describeDemoSeed(result)).toMatch(/re-created/);
    expect(await images()).toEqual(before);
    for (const r of before) {
      expect(existsSync(fileOf(r.url))).toBe(true);
      expect(existsSync(fileOf(r.thumb_url))).toBe(true);
    }
  });

  it('puts the demo listings on the home page ticker', async () => {
    const featured = await new ListingQueries(ds).featured(6);
    expect(featured.map((r) => r.id)).toEqual(DEMO_LISTINGS.map((d) => d.id));
    expect(featured.every((r) => r.thumb_url?.endsWith('/400.webp'))).toBe(true);
  });
});
