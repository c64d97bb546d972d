import { type RealtimeEvent, type RealtimeServerMessage } from '@loadout/contracts';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeClientOptions {
  /** ws(s):// URL of `/ws` (through the gateway). */
  url: string;
  /** The current access token; called at connect and periodically (a refresh re-authenticates). */
  getToken: () => Promise<string | null>;
  onEvent: (event: RealtimeEvent) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** How often the token is re-read and re-sent when it changed. */
  reauthEveryMs?: number;
  WebSocketImpl?: typeof WebSocket;
}

/** Default `/ws` URL on the page's own origin. */
export function defaultRealtimeUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/**
 * The messaging socket: authenticates with its first message (never a URL parameter),
 * re-authenticates after a token refresh, reconnects with backoff. Status "closed" tells the
 * UI to fall back to polling.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private lastToken: string | null = null;
  private attempts = 0;
  private stopped = false;
  private reconnectTimer?: ReturnType<typeof setTimeout>;
  private reauthTimer?: ReturnType<typeof setInterval>;
  status: RealtimeStatus = 'closed';

  constructor(private readonly options: RealtimeClientOptions) {}

  start(): void {
    this.stopped = false;
    void this.connect();
    this.reauthTimer = setInterval(() => void this.reauth(), this.options.reauthEveryMs ?? 30_000);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.reauthTimer);
    this.socket?.close(1000);
    this.socket = null;
    this.setStatus('closed');
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private async connect(): Promise<void> {
    const token = await this.options.getToken().catch(() => null);
    if (this.stopped) return;
    if (!token) return this.scheduleReconnect();
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    this.setStatus('connecting');
    const socket = new Impl(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.lastToken = token;
      socket.send(JSON.stringify({ type: 'auth', token }));
    };
    socket.onmessage = (e: MessageEvent) => {
      let msg: RealtimeServerMessage;
      try {
        msg = JSON.parse(String(e.data)) as RealtimeServerMessage;
      } catch {
        return;
      }
      if (msg.type === 'ready') {
        this.attempts = 0;
        this.setStatus('open');
      } else if (
        msg.type === 'message.created' ||
        msg.type === 'conversation.updated' ||
        msg.type === 'unread.changed' ||
        msg.type === 'notifications.changed'
      ) {
        this.options.onEvent(msg);
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.setStatus('closed');
      this.scheduleReconnect();
    };
    socket.onerror = () => socket.close();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    const delay = Math.min(30_000, 1000 * 2 ** this.attempts++);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private async reauth(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return;
    const token = await this.options.getToken().catch(() => null);
    if (token && token !== this.lastToken) {
      this.lastToken = token;
      socket.send(JSON.stringify({ type: 'auth', token }));
    }
  }
}
