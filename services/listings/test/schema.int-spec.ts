import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceDataSource } from '@loadout/service-kit';
import { listingsService } from '../src/listings.service';
import { loadListingsConfig } from '../src/listings.config';

// Three migrations (the search one rebuilds the search document) take seconds on a busy machine.
jest.setTimeout(30_000);

describe('listings schema', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('listings_schema');
    ds = createServiceDataSource(
      listingsService,
      loadListingsConfig({ DATABASE_URL: db.url, NODE_ENV: 'test' }),
    );
    await migrate(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('has no drift between entities and committed migrations', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  // These indexes are invisible to the drift check (synchronize: false), so check them here.
  it('has the search and keyset indexes the queries rely on', async () => {
    const rows: { indexname: string; indexdef: string }[] = await ds.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'listings'`,
    );
    const def = (name: string) => rows.find((r) => r.indexname === name)?.indexdef ?? '';
    expect(def('listings_search_vector_idx')).toContain('USING gin (search_vector)');
    expect(def('search_terms_word_trgm_idx')).toContain('gin_trgm_ops');
    expect(def('search_terms_word_prefix_idx')).toContain('text_pattern_ops');
    expect(def('listings_active_newest_idx')).toMatch(
      /\(published_at DESC, id DESC\) WHERE \(\(status\)::text = 'active'/,
    );
    expect(def('listings_active_price_asc_idx')).toContain('(price_cents, id) WHERE');
    expect(def('listings_active_price_desc_idx')).toContain('(price_cents DESC, id DESC) WHERE');
    expect(def('listings_category_newest_idx')).toContain('(category, published_at DESC, id DESC)');
    expect(def('listings_seller_status_idx')).toContain(
      '(seller_id, status, updated_at DESC, id DESC)',
    );
    expect(def('favorites_user_recent_idx')).toContain(
      '(user_id, created_at DESC, listing_id DESC)',
    );
  });

  it('keeps the generated search document in step with title and description', async () => {
    await ds.query(
      `INSERT INTO listings.listings (id, seller_id, title, description) VALUES ('x'||repeat('a',20), 's', 'Glock 17', 'gas blowback pistol')`,
    );
    const [row] = await ds.query(
      `SELECT search_vector::text AS v FROM listings.listings WHERE id = 'x'||repeat('a',20)`,
    );
    expect(row.v).toContain("'glock':1A");
    expect(row.v).toContain("'pistol':5B");
    await ds.query(
      `UPDATE listings.listings SET title = 'G&G Hi-Capa M4A1', category = 'pistols' WHERE id = 'x'||repeat('a',20)`,
    );
    const [forms] = await ds.query(
      `SELECT search_vector::text AS v FROM listings.listings WHERE id = 'x'||repeat('a',20)`,
    );
    // Joined compounds, split model names and the category word (ADR 0011).
    for (const lexeme of ["'gg'", "'hicapa'", "'m4':", "'a1':", "'catpistol':"])
      expect(forms.v).toContain(lexeme);
    // The statement trigger keeps the title vocabulary for typo correction.
    const terms: { word: string }[] = await ds.query(
      `SELECT word FROM listings.search_terms WHERE word IN ('glock', 'hicapa', 'capa', 'm4a1')`,
    );
    expect(terms.map((t) => t.word).sort()).toEqual(['capa', 'glock', 'hicapa', 'm4a1']);
  });
});
