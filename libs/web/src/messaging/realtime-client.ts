import {
  type MessageDto,
  type RealtimeEvent,
  type RealtimeSendFrame,
  type RealtimeServerMessage,
} from '@loadout/contracts';
import { ApiError } from '../api-client';

/** Every event type the socket pushes; a type missing here would be dropped in silence. */
const EVENT_TYPES: Record<RealtimeEvent['type'], true> = {
  'message.created': true,
  'conversation.updated': true,
  'unread.changed': true,
  'notifications.changed': true,
  'orders.changed': true,
};

function isRealtimeEvent(msg: RealtimeServerMessage): msg is RealtimeEvent {
  return Object.prototype.hasOwnProperty.call(EVENT_TYPES, msg.type);
}

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** How long a send over the socket waits for its answer before it counts as failed. */
export const SEND_TIMEOUT_MS = 10_000;

/** What `sendMessage` sends: a send frame without the envelope the client adds. */
export type SocketSend = Omit<RealtimeSendFrame, 'type' | 'ref'>;

interface PendingSend {
  resolve: (message: MessageDto) => void;
  reject: (error: ApiError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A send whose answer never came (the socket closed, or silence): as a request that failed. */
const lost = () =>
  new ApiError(0, {
    code: 'REALTIME.NO_ANSWER',
    message: 'Your message may not have been sent. Please check the conversation and try again.',
    requestId: '',
  });

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
  private readonly pending = new Map<string, PendingSend>();
  private sends = 0;
  status: RealtimeStatus = 'closed';

  constructor(private readonly options: RealtimeClientOptions) {}

  start(): void {
    this.stopped = false;
    void this.connect();
    this.reauthTimer = setInterval(() => void this.reauth(), this.options.reauthEveryMs ?? 30_000);
  }

  /**
   * Sends a message over the open socket (ADR 0059): the server applies the rules of
   * `POST …/messages` and answers this send by its `ref`. Undefined when the socket is not
   * open (the caller posts over HTTP instead). Rejects with an `ApiError` carrying the server's
   * status, code and text, or status 0 when no answer came (the socket closed, or
   * `SEND_TIMEOUT_MS` passed).
   */
  sendMessage(send: SocketSend): Promise<MessageDto> | undefined {
    const socket = this.socket;
    if (this.status !== 'open' || !socket || socket.readyState !== 1) return undefined;
    const ref = `s${Date.now().toString(36)}-${++this.sends}`;
    return new Promise<MessageDto>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(ref, lost()), SEND_TIMEOUT_MS);
      this.pending.set(ref, { resolve, reject, timer });
      socket.send(JSON.stringify({ type: 'send', ref, ...send }));
    });
  }

  /** Settles the send `ref` with its message or its error (once; later answers are ignored). */
  private settle(ref: string, outcome: MessageDto | ApiError): void {
    const pending = this.pending.get(ref);
    if (!pending) return;
    this.pending.delete(ref);
    clearTimeout(pending.timer);
    if (outcome instanceof ApiError) pending.reject(outcome);
    else pending.resolve(outcome);
  }

  private failPending(): void {
    for (const ref of [...this.pending.keys()]) this.settle(ref, lost());
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.reauthTimer);
    this.socket?.close(1000);
    this.socket = null;
    this.failPending();
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
      } else if (msg.type === 'sent') {
        this.settle(msg.ref, msg.message);
      } else if (msg.type === 'error' && msg.ref) {
        const { ref, status, code, message, details, requestId } = msg;
        this.settle(
          ref,
          new ApiError(status ?? 0, { code, message, details, requestId: requestId ?? '' }),
        );
      } else if (isRealtimeEvent(msg)) {
        this.options.onEvent(msg);
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.failPending();
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
