import { CreateListings1765100000000 } from './1765100000000-create-listings';
import { CreateImages1765100000001 } from './1765100000001-create-images';
import { AirsoftSearch1765100000002 } from './1765100000002-airsoft-search';
import { SellerRatings1769500000100 } from './1769500000100-seller-ratings';
import { ReservationPaid1769700000100 } from './1769700000100-reservation-paid';
import { HiddenListings1770200000000 } from './1770200000000-hidden-listings';
import { ObjectErasures1780300000001 } from './1780300000001-object-erasures';

/** Every migration, in order. New ones are appended here and committed. */
export const listingsMigrations = [
  CreateListings1765100000000,
  CreateImages1765100000001,
  AirsoftSearch1765100000002,
  SellerRatings1769500000100,
  ReservationPaid1769700000100,
  HiddenListings1770200000000,
  ObjectErasures1780300000001,
];
