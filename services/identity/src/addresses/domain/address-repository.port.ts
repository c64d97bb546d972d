import { type DeliveryAddress, type SavedAddress } from '@loadout/contracts';

/** The address book's storage; every read and write is scoped to the owner. */
export abstract class AddressRepository {
  abstract list(ownerId: string): Promise<SavedAddress[]>;
  /** Inserts `address` unless the book already holds `limit`; null when it is full. */
  abstract add(
    ownerId: string,
    address: DeliveryAddress,
    limit: number,
  ): Promise<SavedAddress | null>;
  abstract find(ownerId: string, id: string): Promise<SavedAddress | null>;
  /** Null when the owner has no such address. */
  abstract update(
    ownerId: string,
    id: string,
    address: DeliveryAddress,
  ): Promise<SavedAddress | null>;
  /** False when the owner has no such address. */
  abstract remove(ownerId: string, id: string): Promise<boolean>;
}
