import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { validateListing } from '@loadout/listing-rules';
import { createListingsDataSource } from './data-source';
import { loadListingsConfig } from './listings.config';
import { toFields } from './listings/domain/listing-fields';
import { DEMO_LISTINGS, DEMO_SELLER } from './seed/demo-listings';

/**
 * Development seed: a fictional demo seller and a handful of active listings, inserted once
 * (re-running changes nothing). Identity's demo accounts get random ids, so the listings belong
 * to their own fixed demo seller rather than to demo.seller@example.com.
 */
async function main(): Promise<void> {
  const config = loadListingsConfig();
  if (config.NODE_ENV === 'production') {
    console.log('listings: not seeding demo listings in production');
    return;
  }
  const dataSource = createListingsDataSource(config);
  await migrate(dataSource);
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
      // Valid in every respect but photos (none until the images module seeds some).
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
  console.log(
    `listings: ${created ? `created ${created} of` : 'checked'} ${DEMO_LISTINGS.length} demo listings`,
  );
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('listings: seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
