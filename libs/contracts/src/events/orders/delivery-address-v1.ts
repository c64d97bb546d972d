/**
 * The buyer's delivery address as the paid event carries it (ADR 0029): for the seller's
 * "You sold" email only. Consumers must not store it beyond what they send.
 */
export interface DeliveryAddressV1 {
  name: string;
  line1: string;
  line2: string | null;
  town: string;
  county: string;
  /** Normalised, `D02 X285`. */
  eircode: string;
  phone: string | null;
}
