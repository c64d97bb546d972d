import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@loadout/db';
import { ImageEntity } from './images/persistence/image.entity';
import { LISTINGS_SCHEMA, type ListingsConfig } from './listings.config';
import { FavoriteEntity } from './listings/persistence/favorite.entity';
import { ListingEntity } from './listings/persistence/listing.entity';
import { SellerEntity } from './listings/persistence/seller.entity';
import { listingsMigrations } from './migrations';

export const listingsEntities = [ListingEntity, FavoriteEntity, SellerEntity, ImageEntity];

/**
 * Typo search uses pg_trgm's `<%` (word similarity above a threshold). The default 0.6 misses
 * one-letter typos of short words ("glok" → "Glock" scores 0.6), so every connection uses 0.5.
 */
export const TRGM_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.5';

export function listingsDataSourceOptions(
  config: Pick<ListingsConfig, 'DATABASE_URL' | 'DB_POOL_SIZE'>,
) {
  const base = serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: LISTINGS_SCHEMA,
    entities: listingsEntities,
    migrations: listingsMigrations,
    poolSize: config.DB_POOL_SIZE,
    applicationName: 'listings',
  });
  return { ...base, extra: { ...(base.extra as object), options: TRGM_OPTIONS } };
}

export const createListingsDataSource = (
  config: Pick<ListingsConfig, 'DATABASE_URL' | 'DB_POOL_SIZE'>,
) => new DataSource(listingsDataSourceOptions(config));
