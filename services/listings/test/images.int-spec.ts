import 'reflect-metadata';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { TypeOrmModule } from '@nestjs/typeorm';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type ListingImageDto, type UploadTicket } from '@loadout/contracts';
import { migrate, newId } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { imagesEnv } from '@loadout/images';
import { GPS_PHOTO_PATH } from '@loadout/images/testing';
import { createApp, PlatformModule } from '@loadout/http';
import { serviceDataSourceOptionsOf, TypeOrmUnitOfWork } from '@loadout/service-kit';
import { storageEnv, type ObjectErasures } from '@loadout/storage';
import { ImagesModule } from '../src/images/images.module';
import { LISTING_IMAGES, type ListingImages } from '../src/images/listing-images.port';
import { FILE_ERASURES } from '../src/images/persistence/object-storage.provider';
import { listingsService } from '../src/listings.service';

const dataSourceOptions = (url: string) =>
  serviceDataSourceOptionsOf(listingsService, { DATABASE_URL: url, DB_POOL_SIZE: 5 });

@Module({})
class ImagesTestModule {
  static register(databaseUrl: string, issuer: string, objectsDir: string): DynamicModule {
    return {
      module: ImagesTestModule,
      imports: [
        PlatformModule.forRoot({
          serviceName: 'listings',
          logLevel: 'silent',
          auth: { issuer, audience: `${issuer}/api` },
        }),
        TypeOrmModule.forRoot(dataSourceOptions(databaseUrl)),
        ImagesModule.register({
          ...storageEnv.parse({
            OBJECT_STORAGE_DIR: objectsDir,
            UPLOAD_SIGNING_SECRET: 'images-test-signing-secret',
          }),
          ...imagesEnv.parse({}),
        }),
      ],
    };
  }
}

interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
}

describe('photo uploads over HTTP (filesystem store)', () => {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  /** The photos port takes the kit's unit of work, as the listing handlers pass it. */
  let uow: TypeOrmUnitOfWork;
  let base: string;
  let objectsDir: string;
  let alice: string;
  let bob: string;

  const call = async <T = Record<string, unknown>>(
    urlPath: string,
    init: { method?: string; token?: string; json?: unknown } = {},
  ): Promise<Reply<T>> => {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    const res = await fetch(base + urlPath, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  };

  const start = (token: string, bytes: Buffer, contentType: string, fileName = 'photo.jpg') =>
    call<UploadTicket>('/api/v1/uploads', {
      method: 'POST',
      token,
      json: { fileName, contentType, sizeBytes: bytes.length },
    });

  const putParts = async (ticket: UploadTicket, bytes: Buffer) => {
    const parts = [];
    for (const part of ticket.parts) {
      const from = (part.partNumber - 1) * ticket.partSizeBytes;
      const res = await fetch(base + part.url, {
        method: 'PUT',
        headers: ticket.headers,
        body: bytes.subarray(from, from + ticket.partSizeBytes),
      });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      parts.push({ partNumber: part.partNumber, etag: res.headers.get('etag')! });
    }
    return parts;
  };

  const complete = (token: string, ticket: UploadTicket, parts: unknown[]) =>
    call<ListingImageDto & { code?: string; message?: string }>(
      `/api/v1/uploads/${ticket.uploadId}/complete`,
      { method: 'POST', token, json: { parts } },
    );

  /** POST uploads → PUT the bytes to the ticket's URLs → complete. */
  const upload = async (token: string, bytes: Buffer, contentType: string, fileName?: string) => {
    const started = await start(token, bytes, contentType, fileName);
    expect(started.status).toBe(201);
    const parts = await putParts(started.body, bytes);
    return { ticket: started.body, parts, done: await complete(token, started.body, parts) };
  };

  const fetchImage = async (url: string) => {
    const res = await fetch(base + url);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  const filesUnder = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [];

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    db = await createTestDatabase('listings_images');
    issuer = await startTestIssuer();
    objectsDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-images-'));
    ds = new DataSource(dataSourceOptions(db.url));
    uow = new TypeOrmUnitOfWork(ds);
    await migrate(ds);
    app = await createApp(ImagesTestModule.register(db.url, issuer.issuer, objectsDir), {
      corsOrigins: [],
    });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    alice = await issuer.sign({ sub: 'alice-0000-0000-0000-000000000001' });
    bob = await issuer.sign({ sub: 'bob-00000-0000-0000-000000000002' });
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    await ds?.destroy();
    await issuer?.close();
    await db?.drop();
    if (objectsDir) rmSync(objectsDir, { recursive: true, force: true });
  });

  it('has no drift between the image entity and its migration', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    const imageQueries = pending.upQueries.map((q) => q.query).filter((q) => q.includes('images'));
    expect(imageQueries).toEqual([]);
  });

  it('uploads, re-encodes and serves a photo', async () => {
    const original = await png(1800, 1200);
    const { ticket, parts, done } = await upload(alice, original, 'image/png', 'gun.png');
    expect(ticket.uploadId).toHaveLength(21);
    expect(ticket.parts).toHaveLength(1);
    expect(ticket.parts[0]!.url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}\/parts\/1\?expires=/);
    expect(ticket.headers).toEqual({ 'Content-Type': 'application/octet-stream' });

    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      id: ticket.uploadId,
      url: `/api/v1/images/images/${ticket.uploadId}/1200.webp`,
      thumbUrl: `/api/v1/images/images/${ticket.uploadId}/400.webp`,
      width: 1200,
      height: 800,
    });

    const { res, bytes } = await fetchImage(done.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      1200,
      800,
      undefined,
    ]);
    const thumb = await sharp((await fetchImage(done.body.thumbUrl)).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 267]);

    // The original is gone once processed; completing again answers the same photo.
    expect(filesUnder(path.join(objectsDir, 'uploads'))).toEqual([]);
    expect((await complete(alice, ticket, parts)).body).toEqual(done.body);
  });

  it('strips GPS and camera EXIF from a phone photo and turns it upright', async () => {
    const jpeg = readFileSync(GPS_PHOTO_PATH);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { done } = await upload(alice, jpeg, 'image/jpeg', 'IMG_0001.JPG');
    expect(done.status).toBe(200);
    const { bytes } = await fetchImage(done.body.url);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('LoadoutTestCam'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([32, 64]);
  });

  it('takes a photo above 5 MiB in several parts', async () => {
    const noise = await sharp(randomBytes(1500 * 1300 * 3), {
      raw: { width: 1500, height: 1300, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    const { ticket, done } = await upload(bob, noise, 'image/png');
    expect(ticket.parts).toHaveLength(2);
    expect(done.status).toBe(200);
    expect([done.body.width, done.body.height]).toEqual([1200, 1040]);
  });

  it('refuses a text file renamed photo.jpg and keeps nothing of it', async () => {
    const text = Buffer.from('This is not a photo, whatever its name says.\n'.repeat(20));
    const { ticket, parts, done } = await upload(alice, text, 'image/jpeg', 'photo.jpg');
    expect(done.status).toBe(400);
    expect(done.body).toMatchObject({
      code: 'IMAGES.UNSUPPORTED_TYPE',
      message: 'This file is not a JPEG, PNG or WebP image.',
    });
    const [row] = await ds.query(`SELECT status FROM listings.images WHERE id = $1`, [
      ticket.uploadId,
    ]);
    expect(row.status).toBe('failed');
    expect(filesUnder(objectsDir).filter((f) => f.includes(ticket.uploadId))).toEqual([]);
    expect(filesUnder(path.join(objectsDir, 'uploads'))).toEqual([]);
    expect((await complete(alice, ticket, parts)).body).toMatchObject({
      code: 'IMAGES.UPLOAD_FAILED',
    });
  });

  it('refuses uploads declared too large or of another type, and anonymous ones', async () => {
    const big = await call('/api/v1/uploads', {
      method: 'POST',
      token: alice,
      json: { fileName: 'huge.jpg', contentType: 'image/jpeg', sizeBytes: 10 * 1024 * 1024 + 1 },
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({
      code: 'COMMON.VALIDATION_FAILED',
      message: 'Photos can be at most 10 MB.',
    });
    const gif = await call('/api/v1/uploads', {
      method: 'POST',
      token: alice,
      json: { fileName: 'a.gif', contentType: 'image/gif', sizeBytes: 100 },
    });
    expect(gif.body).toMatchObject({ message: 'Photos must be JPEG, PNG or WebP images.' });
    const anonymous = await call('/api/v1/uploads', {
      method: 'POST',
      json: { fileName: 'a.jpg', contentType: 'image/jpeg', sizeBytes: 100 },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a part PUT with a tampered signature', async () => {
    const bytes = await png(10, 10);
    const { body: ticket } = await start(alice, bytes, 'image/png');
    const url = ticket.parts[0]!.url.replace(
      /sig=(.)/,
      (_m, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`,
    );
    const res = await fetch(base + url, { method: 'PUT', headers: ticket.headers, body: bytes });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'STORAGE.SIGNATURE_INVALID' });
  });

  it('does not let another user complete or cancel my upload', async () => {
    const bytes = await png(50, 50);
    const { body: ticket } = await start(alice, bytes, 'image/png');
    const parts = await putParts(ticket, bytes);
    const byBob = await complete(bob, ticket, parts);
    expect(byBob.status).toBe(404);
    expect(byBob.body).toMatchObject({ code: 'IMAGES.UPLOAD_NOT_FOUND' });
    const cancelByBob = await call(`/api/v1/uploads/${ticket.uploadId}`, {
      method: 'DELETE',
      token: bob,
    });
    expect(cancelByBob.status).toBe(404);
    expect((await complete(alice, ticket, parts)).status).toBe(200);
  });

  it('cancels an upload and drops its staged parts', async () => {
    const bytes = await png(20, 20);
    const { body: ticket } = await start(alice, bytes, 'image/png');
    const parts = await putParts(ticket, bytes);
    const staging = path.join(objectsDir, '.uploads', ticket.parts[0]!.url.split('/')[4]!);
    expect(filesUnder(staging).length).toBe(2);
    const cancelled = await call(`/api/v1/uploads/${ticket.uploadId}`, {
      method: 'DELETE',
      token: alice,
    });
    expect(cancelled.status).toBe(204);
    expect(existsSync(staging)).toBe(false);
    expect((await complete(alice, ticket, parts)).status).toBe(404);
  });

  it('serves only processed images', async () => {
    for (const p of ['uploads/x/y', 'images/../uploads/x', 'images/a/secret.txt', 'other.webp']) {
      expect((await fetch(`${base}/api/v1/images/${p}`)).status).toBe(404);
    }
  });

  describe('attaching photos to a listing', () => {
    let images: ListingImages;
    const listing = async (sellerId: string) => {
      const id = newId();
      await ds.query(
        `INSERT INTO listings.listings (id, seller_id, title, description) VALUES ($1, $2, 'Tokyo Marui M4', 'A well kept AEG rifle for sale')`,
        [id, sellerId],
      );
      return id;
    };
    const ready = async (token: string) =>
      (await upload(token, await png(60, 40), 'image/png')).done.body;

    beforeAll(() => {
      images = app.get<ListingImages>(LISTING_IMAGES);
    });

    it('attaches my photos in order, reorders and detaches them', async () => {
      const aliceId = 'alice-0000-0000-0000-000000000001';
      const listingId = await listing(aliceId);
      const [a, b, c] = [await ready(alice), await ready(alice), await ready(alice)];
      const attached = await uow.transaction((tx) =>
        images.attach(tx, aliceId, listingId, [b.id, a.id, c.id]),
      );
      expect(attached.map((i) => i.id)).toEqual([b.id, a.id, c.id]);
      expect((await images.forListing(listingId)).map((i) => i.id)).toEqual([b.id, a.id, c.id]);

      await uow.transaction((tx) => images.attach(tx, aliceId, listingId, [c.id, b.id]));
      expect((await images.forListing(listingId)).map((i) => i.id)).toEqual([c.id, b.id]);
      const [detached] = await ds.query(`SELECT listing_id FROM listings.images WHERE id = $1`, [
        a.id,
      ]);
      expect(detached.listing_id).toBeNull();

      // An attached photo is not deleted through the uploads route.
      const del = await call(`/api/v1/uploads/${c.id}`, { method: 'DELETE', token: alice });
      expect(del.status).toBe(409);
    });

    it("erases a deleted account's photos: rows, then the files once that commits; others' untouched (ADR 0039)", async () => {
      const aliceId = 'alice-0000-0000-0000-000000000001';
      const listingId = await listing(aliceId);
      const [a, b] = [await ready(alice), await ready(alice)];
      const kept = await ready(bob);
      await uow.transaction((tx) => images.attach(tx, aliceId, listingId, [a.id]));
      expect((await fetchImage(a.url)).res.status).toBe(200);
      const fileErasures = app.get<ObjectErasures>(FILE_ERASURES);

      // A rolled-back erasure keeps rows and files.
      await expect(
        uow.transaction(async (tx) => {
          await images.eraseOwner(tx, aliceId);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await fileErasures.eraseDue()).toEqual({ erased: 0, failed: 0 });
      expect((await fetchImage(a.url)).res.status).toBe(200);

      const erased = await uow.transaction((tx) => images.eraseOwner(tx, aliceId));

      expect(erased).toBeGreaterThanOrEqual(2);
      const rows = (await ds.query(`SELECT id FROM listings.images WHERE owner_id = $1`, [
        aliceId,
      ])) as unknown[];
      expect(rows).toEqual([]);
      expect(await images.forListing(listingId)).toEqual([]);
      // The files go in the erasure round after the commit (every minute in the app).
      expect(filesUnder(path.join(objectsDir, 'images', a.id))).toHaveLength(2);
      const round = await fileErasures.eraseDue();
      expect(round.failed).toBe(0);
      expect(round.erased).toBeGreaterThanOrEqual(2 * 3);
      for (const img of [a, b]) {
        expect((await fetchImage(img.url)).res.status).toBe(404);
        expect(filesUnder(path.join(objectsDir, 'images', img.id))).toEqual([]);
        expect(existsSync(path.join(objectsDir, 'uploads', aliceId, img.id))).toBe(false);
      }
      expect(await fileErasures.pending()).toEqual([]);
      expect((await fetchImage(kept.url)).res.status).toBe(200);
      // Again: nothing left, nothing fails.
      expect(await uow.transaction((tx) => images.eraseOwner(tx, aliceId))).toBe(0);
    });

    it("refuses another user's photo, a pending one and one on another listing", async () => {
      const aliceId = 'alice-0000-0000-0000-000000000001';
      const bobsPhoto = await ready(bob);
      const mine = await ready(alice);
      const { body: pending } = await start(alice, await png(5, 5), 'image/png');
      const first = await listing(aliceId);
      const second = await listing(aliceId);
      await uow.transaction((tx) => images.attach(tx, aliceId, first, [mine.id]));

      await expect(
        uow.transaction((tx) =>
          images.attach(tx, aliceId, second, [bobsPhoto.id, pending.uploadId, mine.id]),
        ),
      ).rejects.toMatchObject({
        code: 'LISTINGS.IMAGE_NOT_FOUND',
        status: 400,
        details: [
          {
            field: 'imageIds',
            messages: [
              'Photo 1 could not be found. Please upload it again.',
              'Photo 2 has not finished uploading.',
              'Photo 3 is already on another listing.',
            ],
          },
        ],
      });
      expect(await images.forListing(second)).toEqual([]);
    });
  });
});
