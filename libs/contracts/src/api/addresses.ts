import { type IrishCounty } from './irish-counties';

/**
 * A delivery address (identity's address book, checkout, the order's snapshot). `eircode` is
 * stored normalised (`D02 X285`); optional fields are null when absent.
 */
export interface DeliveryAddress {
  name: string;
  line1: string;
  line2: string | null;
  town: string;
  county: IrishCounty;
  eircode: string;
  phone: string | null;
}

/** What a client sends for a new or edited address (`line2`, `phone` may be left out). */
export interface DeliveryAddressInput {
  name: string;
  line1: string;
  line2?: string | null;
  town: string;
  county: string;
  eircode: string;
  phone?: string | null;
}

/** `GET /api/v1/me/addresses` items and the answers of POST and PATCH. */
export interface SavedAddress extends DeliveryAddress {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export const ADDRESS_LIMITS = {
  name: 100,
  line: 100,
  town: 60,
  phone: 20,
  /** Addresses one account may keep. */
  perAccount: 20,
} as const;
