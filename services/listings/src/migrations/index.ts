import { CreateListings1765100000000 } from './1765100000000-create-listings';
import { CreateImages1765100000001 } from './1765100000001-create-images';

/** Every migration, in order. New ones are appended here and committed. */
export const listingsMigrations = [CreateListings1765100000000, CreateImages1765100000001];
