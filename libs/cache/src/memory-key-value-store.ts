import { type KeyValueStore } from './key-value-store';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Single-process store with lazy expiry and a size cap (oldest entries go first). */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    this.evict();
  }

  async del(...keys: string[]): Promise<void> {
    for (const k of keys) this.entries.delete(k);
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: '1', expiresAt: this.now() + windowMs });
      this.evict();
      return { count: 1, resetMs: windowMs };
    }
    entry.value = String(Number(entry.value) + 1);
    return { count: Number(entry.value), resetMs: entry.expiresAt - this.now() };
  }

  async addCounts(
    counts: ReadonlyMap<string, number>,
    ttlMs: number,
  ): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const [key, n] of counts) {
      const entry = this.live(key);
      const total = (entry ? Number(entry.value) : 0) + n;
      if (entry) entry.value = String(total);
      else this.entries.set(key, { value: String(total), expiresAt: this.now() + ttlMs });
      totals.set(key, total);
    }
    this.evict();
    return totals;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.entries.delete(oldest);
    }
  }
}
