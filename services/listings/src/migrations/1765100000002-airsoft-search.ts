import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The airsoft search dictionary (issue 14, ADR 0011), as data: what a buyer types → what
 * listings say. `kind`: `brand` and `model` expand to the words of `expansion` as they appear
 * in titles; `category` expands to the listing category `expansion`. `label` is what the search
 * box suggests. Terms are written as typed; the service normalises them with the query's own
 * tokeniser. Category terms are generic words only ("handgun", "bolt action"): a specific
 * item ("plate carrier", "red dot") is searched as its words, not widened to its category. Copied into this migration (not imported): a committed migration must not change
 * when code does; a later migration adds or removes rows.
 */
export type DictionaryKind = 'brand' | 'model' | 'category';
export type DictionaryRow = readonly [
  kind: DictionaryKind,
  label: string,
  expansion: string,
  terms: readonly string[],
];

export const AIRSOFT_DICTIONARY_V1: readonly DictionaryRow[] = [
  // Brands
  ['brand', 'Tokyo Marui', 'tokyo marui', ['tm', 'marui', 'tokyo marui', 'tokyomarui']],
  ['brand', 'G&G', 'g&g', ['gg', 'g&g', 'g and g', 'guay guay', 'g&g armament']],
  ['brand', 'WE Tech', 'we tech', ['we', 'wetech', 'we tech', 'we-tech']],
  ['brand', 'KWA', 'kwa', ['kwa']],
  ['brand', 'VFC', 'vfc', ['vfc', 'vega force', 'vega force company']],
  ['brand', 'ICS', 'ics', ['ics']],
  ['brand', 'Ares', 'ares', ['ares', 'amoeba']],
  ['brand', 'Specna Arms', 'specna arms', ['specna', 'specna arms', 'specnaarms']],
  ['brand', 'Cyma', 'cyma', ['cyma']],
  ['brand', 'LCT', 'lct', ['lct', 'lct airsoft']],
  ['brand', 'E&L', 'e&l', ['el', 'e&l', 'e and l']],
  ['brand', 'Krytac', 'krytac', ['krytac', 'kriss usa']],
  ['brand', 'Action Army', 'action army', ['action army', 'actionarmy']],
  ['brand', 'Silverback', 'silverback', ['silverback', 'sbs']],
  ['brand', 'Lonex', 'lonex', ['lonex']],
  ['brand', 'Novritsch', 'novritsch', ['novritsch', 'novritch', 'novi']],
  // Categories (expansion = the listing category)
  [
    'category',
    'Electric rifles (AEG)',
    'aeg_rifles',
    ['aeg', 'aegs', 'electric', 'electric rifle', 'electric rifles', 'electric gun'],
  ],
  [
    'category',
    'Gas blowback rifles (GBBR)',
    'gas_rifles',
    ['gbbr', 'gbbrs', 'gbb', 'gas blowback', 'gas rifle', 'gas rifles', 'gas blowback rifle'],
  ],
  [
    'category',
    'Pistols',
    'pistols',
    ['pistol', 'pistols', 'handgun', 'handguns', 'sidearm', 'gbb pistol', 'gbbp', 'gbb'],
  ],
  [
    'category',
    'Sniper rifles',
    'sniper_rifles',
    ['sniper', 'snipers', 'sniper rifle', 'bolt action', 'bolt', 'bolt action rifle', 'dmr'],
  ],
  ['category', 'Shotguns', 'shotguns', ['shotgun', 'shotguns', 'shotty']],
  [
    'category',
    'Support weapons (LMG)',
    'support_weapons',
    ['lmg', 'support weapon', 'machine gun', 'machinegun', 'mg'],
  ],
  ['category', 'Optics', 'optics', ['optic', 'optics', 'sight', 'sights']],
  [
    'category',
    'Tactical gear',
    'tactical_gear',
    ['gear', 'tactical gear', 'vest', 'webbing', 'load bearing'],
  ],
  ['category', 'Clothing', 'clothing', ['clothes', 'clothing', 'uniform']],
  [
    'category',
    'Protection',
    'protection',
    ['protection', 'eye pro', 'eyepro', 'eye protection', 'face protection'],
  ],
  [
    'category',
    'Parts & upgrades',
    'parts_upgrades',
    ['parts', 'upgrades', 'upgrade parts', 'internals', 'hpa'],
  ],
  ['category', 'Batteries & chargers', 'batteries_chargers', ['battery', 'batteries', 'lipo']],
  ['category', 'BBs & gas', 'bbs_gas', ['bbs', 'bb', 'ammo', 'pellets']],
  // Models and their spellings
  ['model', 'Hi-Capa', 'hi-capa', ['hicapa', 'hi capa', 'hi-capa', 'hicappa', 'hi cappa', 'capa']],
  ['model', 'M4A1', 'm4a1', ['m4a1', 'm4 a1']],
  ['model', 'M4', 'm4', ['m4', 'm4 carbine']],
  ['model', 'MK18', 'mk18', ['mk18', 'mk 18', 'mk-18', 'mark 18']],
  ['model', 'Mk16', 'mk16', ['mk16', 'mk 16', 'mark 16']],
  ['model', 'AK-74', 'ak74', ['ak74', 'ak 74', 'ak-74', 'ak74m']],
  ['model', 'AKM', 'akm', ['akm', 'ak', 'kalashnikov']],
  ['model', 'Glock', 'glock', ['glock', 'glocks']],
  ['model', 'MP5', 'mp5', ['mp5', 'mp 5', 'mp5a5']],
  ['model', 'MP7', 'mp7', ['mp7', 'mp 7', 'mp7a1']],
  ['model', 'G36', 'g36', ['g36', 'g 36', 'g36c']],
  ['model', 'HK416', 'hk416', ['hk416', 'hk 416', '416']],
  ['model', 'SCAR-L', 'scar-l', ['scar', 'scarl', 'scar l', 'scar-l']],
  ['model', 'KRISS Vector', 'kriss vector', ['vector', 'kriss', 'kriss vector']],
  ['model', 'SR-25', 'sr-25', ['sr25', 'sr 25', 'sr-25']],
  ['model', 'UMP45', 'ump45', ['ump', 'ump45', 'ump 45']],
  ['model', 'VSR-10', 'vsr-10', ['vsr', 'vsr10', 'vsr 10', 'vsr-10']],
  ['model', 'L96', 'l96', ['l96', 'l96a1', 'aws']],
  ['model', 'M40A5', 'm40a5', ['m40', 'm40a5', 'm40 a5']],
  ['model', 'SRS A2', 'srs', ['srs', 'srs a2']],
  ['model', 'M870', 'm870', ['m870', '870', 'remington']],
  ['model', 'SPAS-12', 'spas-12', ['spas', 'spas12', 'spas 12', 'spas-12']],
  ['model', 'M249', 'm249', ['m249', 'minimi']],
  ['model', 'M9A1', 'm9', ['m9', 'm9a1', 'beretta', 'm92']],
  ['model', 'P226', 'p226', ['p226', 'sig', 'sig sauer']],
  ['model', 'USP', 'usp', ['usp', 'usp compact']],
  ['model', '1911', '1911', ['1911', 'colt', 'meu']],
  ['model', 'Desert Eagle', 'desert eagle', ['desert eagle', 'deagle']],
  ['model', 'Magazine', 'magazine', ['mag', 'mags', 'magazine', 'magazines', 'midcap', 'mid cap']],
  ['model', 'MOSFET', 'mosfet', ['mosfet', 'fet']],
  ['model', 'LiPo', 'lipo', ['lipo', 'li-po', 'li po']],
];

/** The title's extra search forms: joined compounds (`hi-capa` → `hicapa`, `g&g` → `gg`) and
 * model names split where digits meet letters (`m4a1` → `m4 a1`), so "m4" matches an M4A1
 * exactly and an M40A5 only by prefix. */
const TITLE_FORMS_FUNCTION = `
  CREATE OR REPLACE FUNCTION "listings"."title_search_forms"(title text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
    SELECT coalesce(string_agg(f, ' ' ORDER BY f), '') FROM (
      SELECT DISTINCT unnest(ARRAY[j, regexp_replace(j, '([0-9])([a-z])', '\\1 \\2', 'g')]) AS f
        FROM (SELECT regexp_replace(w, '[-&]', '', 'g') AS j
                FROM regexp_split_to_table(lower(title), '[^a-z0-9&-]+') AS w
               WHERE w ~ '[a-z0-9][-&][a-z0-9]' OR w ~ '[0-9][a-z]') s
    ) t WHERE f <> ''
  $fn$`;

// Copied into the entity (SEARCH_VECTOR_SQL); the drift test keeps them equal.
const SEARCH_VECTOR_V1 =
  "setweight(to_tsvector('english', coalesce(title, '')), 'A') || " +
  "setweight(to_tsvector('english', coalesce(description, '')), 'B')";
const SEARCH_VECTOR_V2 =
  "setweight(to_tsvector('english', coalesce(title, '') || ' ' || listings.title_search_forms(coalesce(title, ''))), 'A') || " +
  "setweight(to_tsvector('english', coalesce(description, '')), 'B') || " +
  "setweight(to_tsvector('english', coalesce('cat' || replace(category, '_', ''), '')), 'C')";

/** Title words kept for per-term typo correction: lower-case letters/digits, 3+ characters. */
const TERMS_OF_ROWS = `
  INSERT INTO "listings"."search_terms" ("word")
  SELECT DISTINCT w FROM rows_changed r,
         regexp_split_to_table(lower(r."title" || ' ' || listings.title_search_forms(r."title")), '[^a-z0-9]+') AS w
   WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[a-z]'
  ON CONFLICT ("word") DO NOTHING`;

const L = `"listings"."listings"`;

export class AirsoftSearch1765100000002 implements MigrationInterface {
  name = 'AirsoftSearch1765100000002';

  async up(q: QueryRunner): Promise<void> {
    // Trusted extension (PG 13+), like pg_trgm: ranks typo corrections by edit distance.
    await q.query(`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`);
    await q.query(`
      CREATE TABLE "listings"."search_dictionary" (
        "term" varchar(60) NOT NULL,
        "kind" varchar(10) NOT NULL,
        "label" varchar(60) NOT NULL,
        "expansion" varchar(60) NOT NULL,
        PRIMARY KEY ("term", "kind", "expansion"),
        CONSTRAINT "search_dictionary_kind_check" CHECK ("kind" IN ('brand', 'model', 'category'))
      )`);
    // Suggestions look terms up by prefix of their compact form ("hica" → "hicapa",
    // "g&g" → "gg"): letters and digits only, as the query tokeniser leaves them.
    await q.query(
      `CREATE INDEX "search_dictionary_compact_idx" ON "listings"."search_dictionary"
         ((regexp_replace("term", '[^a-z0-9]+', '', 'g')) text_pattern_ops)`,
    );
    const rows = AIRSOFT_DICTIONARY_V1.flatMap(([kind, label, expansion, terms]) =>
      terms.map((term) => [term, kind, label, expansion] as const),
    );
    // One statement (arrays per column): migrations run at every service start.
    await q.query(
      `INSERT INTO "listings"."search_dictionary" ("term", "kind", "label", "expansion")
       SELECT lower(t), k, l, e FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(t, k, l, e)`,
      [0, 1, 2, 3].map((i) => rows.map((r) => r[i])),
    );

    await q.query(TITLE_FORMS_FUNCTION);
    // The search document gains the title's extra forms and the category (weight C).
    await q.query(`DROP INDEX "listings"."listings_search_vector_idx"`);
    await q.query(`ALTER TABLE ${L} DROP COLUMN "search_vector"`);
    await q.query(
      `ALTER TABLE ${L} ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR_V2}) STORED`,
    );
    await q.query(`CREATE INDEX "listings_search_vector_idx" ON ${L} USING gin ("search_vector")`);
    await q.query(
      `UPDATE "listings"."typeorm_metadata" SET "value" = $1
        WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'listings' AND "name" = 'search_vector'`,
      [SEARCH_VECTOR_V2],
    );
    // Per-term typo correction replaced the whole-title trigram fallback (ADR 0011).
    await q.query(`DROP INDEX "listings"."listings_title_trgm_idx"`);

    // The vocabulary of title words, kept by statement triggers (one insert per statement, so
    // the bulk seeder's 5,000-row batches cost one statement each). Words are never removed:
    // a stale word only offers a correction that matches nothing.
    await q.query(`
      CREATE TABLE "listings"."search_terms" (
        "word" varchar(40) PRIMARY KEY,
        CONSTRAINT "search_terms_word_check" CHECK ("word" ~ '^[a-z0-9]+$')
      )`);
    await q.query(
      `CREATE INDEX "search_terms_word_trgm_idx" ON "listings"."search_terms" USING gin ("word" gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX "search_terms_word_prefix_idx" ON "listings"."search_terms" ("word" text_pattern_ops)`,
    );
    await q.query(`
      CREATE FUNCTION "listings"."keep_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        ${TERMS_OF_ROWS};
        RETURN NULL;
      END $fn$`);
    await q.query(`
      CREATE TRIGGER "listings_search_terms_insert" AFTER INSERT ON ${L}
        REFERENCING NEW TABLE AS rows_changed
        FOR EACH STATEMENT EXECUTE FUNCTION "listings"."keep_search_terms"()`);
    await q.query(`
      CREATE TRIGGER "listings_search_terms_update" AFTER UPDATE ON ${L}
        REFERENCING NEW TABLE AS rows_changed
        FOR EACH STATEMENT EXECUTE FUNCTION "listings"."keep_search_terms"()`);
    await q.query(TERMS_OF_ROWS.replace('rows_changed', `${L}`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "listings_search_terms_update" ON ${L}`);
    await q.query(`DROP TRIGGER "listings_search_terms_insert" ON ${L}`);
    await q.query(`DROP FUNCTION "listings"."keep_search_terms"()`);
    await q.query(`DROP TABLE "listings"."search_terms"`);
    await q.query(
      `CREATE INDEX "listings_title_trgm_idx" ON ${L} USING gin ("title" gin_trgm_ops)`,
    );
    await q.query(`DROP INDEX "listings"."listings_search_vector_idx"`);
    await q.query(`ALTER TABLE ${L} DROP COLUMN "search_vector"`);
    await q.query(
      `ALTER TABLE ${L} ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR_V1}) STORED`,
    );
    await q.query(`CREATE INDEX "listings_search_vector_idx" ON ${L} USING gin ("search_vector")`);
    await q.query(
      `UPDATE "listings"."typeorm_metadata" SET "value" = $1
        WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'listings' AND "name" = 'search_vector'`,
      [SEARCH_VECTOR_V1],
    );
    await q.query(`DROP FUNCTION "listings"."title_search_forms"(text)`);
    await q.query(`DROP TABLE "listings"."search_dictionary"`);
  }
}
