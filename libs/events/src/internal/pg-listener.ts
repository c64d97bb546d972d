import { Client } from 'pg';
import { describeError } from './sql';
import { type EventsLogger } from './logger';

export interface PgListenerOptions {
  connectionString: string;
  channels: readonly string[];
  onNotification: (channel: string, payload: string | undefined) => void;
  /**
   * Called after every successful (re)connect. Notifications sent while the connection
   * was down are lost, so callers use this to look for work they may have missed.
   */
  onConnected?: () => void;
  reconnectDelayMs?: number;
  applicationName?: string;
  logger: EventsLogger;
}

/**
 * One dedicated LISTEN connection that reconnects (with capped back-off) when the
 * server or network drops it. Polling covers the gap; this only makes delivery prompt.
 */
export class PgListener {
  private client: Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private connecting: Promise<void> | null = null;

  constructor(private readonly options: PgListenerOptions) {}

  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Runs a statement on the LISTEN connection (a session advisory lock lives as long as it);
   * null when it is not connected. A failure is the connection's: it reconnects.
   */
  async query<R extends Record<string, unknown>>(
    sql: string,
    params: unknown[],
  ): Promise<R[] | null> {
    const client = this.client;
    if (!client) return null;
    try {
      return (await client.query<R>(sql, params)).rows;
    } catch {
      return null;
    }
  }

  /** Connects once; on failure it keeps retrying in the background and still resolves. */
  start(): Promise<void> {
    this.stopped = false;
    return this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.connecting;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    this.connecting ??= this.tryConnect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async tryConnect(): Promise<void> {
    if (this.stopped || this.client) return;
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.stopped) {
        this.options.logger.warn(
          `LISTEN connection lost${err ? `: ${describeError(err)}` : ''}; reconnecting`,
        );
        this.scheduleReconnect();
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => this.options.onNotification(msg.channel, msg.payload));
    try {
      await client.connect();
      for (const channel of this.options.channels) {
        await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      }
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (this.stopped || lost) {
      if (!lost) await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.options.onConnected?.();
  }

  private scheduleReconnect(): void {
    if (this.timer || this.stopped) return;
    const base = this.options.reconnectDelayMs ?? 1000;
    const delay = Math.min(base * 2 ** this.failures, 30_000);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().catch((err: unknown) => {
        this.options.logger.warn(`LISTEN reconnect failed: ${describeError(err)}`);
        this.scheduleReconnect();
      });
    }, delay);
  }
}
