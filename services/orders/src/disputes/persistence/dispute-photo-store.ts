import { Inject, Injectable } from '@nestjs/common';
import { createObjectStorage, type ObjectStorage } from '@loadout/storage';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';

/**
 * Where disputes' evidence photos are kept (ADR 0037): the service's object storage (files in
 * `.data/objects` embedded, a private S3 bucket otherwise), opened on first use so that a
 * deployment without storage settings runs everything but photos. Served only through
 * `serve-dispute-photo/`.
 */
@Injectable()
export class DisputePhotoStore {
  private storage: Promise<ObjectStorage> | null = null;

  constructor(@Inject(ORDERS_CONFIG) private readonly config: OrdersConfig) {}

  private open(): Promise<ObjectStorage> {
    this.storage ??= createObjectStorage(this.config).catch((err: unknown) => {
      this.storage = null;
      throw err;
    });
    return this.storage;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await (await this.open()).put(key, body, contentType);
  }

  async get(key: string): Promise<Buffer> {
    return (await this.open()).get(key);
  }

  /** Removing a missing object is not an error. */
  async delete(key: string): Promise<void> {
    await (await this.open()).delete(key);
  }
}
