import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { type SessionClaims, TokenVerifier } from '@loadout/auth';
import {
  type MessageDto,
  type RealtimeEvent,
  type RealtimeServerMessage,
} from '@loadout/contracts';
import { AppError, rateLimitedError, signInRequiredError } from '@loadout/errors';
import { WindowCounter } from '@loadout/http';
import { RealtimeBus, type RealtimeDelivery } from './realtime-bus';
import { isRefused, parseClientFrame, type SendFrame } from './client-frame';

export const WS_PATH = '/ws';
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/** Frames larger than this close the socket with 1009 (ws does it before any of our code runs). */
const MAX_FRAME_BYTES = 16 * 1024;
/** A client that keeps sending frames we refuse is closed (1008) rather than answered forever. */
const MAX_REFUSED_FRAMES = 20;
/**
 * Messages a user may send over sockets per minute, per replica (ADR 0059): a person types far
 * fewer; a script is told to wait, as the gateway tells an HTTP client over its limit.
 */
export const SENDS_PER_MINUTE = 60;

/** Who sends a frame: the socket's signed-in user, and a request id for the logs and events. */
export interface SocketActor {
  id: string;
  requestId: string;
}

/** Sends a message for a send frame (the send-message use case's socket adapter). */
export type SendFrameHandler = (frame: SendFrame, actor: SocketActor) => Promise<MessageDto>;

interface Client {
  socket: WebSocket;
  userId: string | null;
  /** The claims of the socket's last accepted token: each send asks whether it still holds. */
  session?: SessionClaims;
  alive: boolean;
  refused: number;
  expiryTimer?: NodeJS.Timeout;
  /** The TCP socket under `socket`, corked while a batch's frames are written (see `deliver`). */
  raw: Socket | undefined;
  corked: boolean;
}

/** Frames are sent as text, from bytes encoded once per event (not once per socket). */
const TEXT = { binary: false } as const;

/**
 * The TCP socket under a ws socket (ws keeps it as `_socket`; undefined if that ever changes,
 * and then frames are simply written one by one).
 */
const rawSocketOf = (ws: WebSocket): Socket | undefined => {
  const raw = (ws as unknown as { _socket?: Socket })._socket;
  return raw && typeof raw.cork === 'function' ? raw : undefined;
};

const encode = (event: RealtimeEvent): Buffer => Buffer.from(JSON.stringify(event));

/** Seconds since epoch of the token's `exp`, read after the verifier accepted the token. */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * The WebSocket endpoint `/ws`. The client authenticates with its first message
 * `{type:'auth', token}` (never a query string, which would land in access logs) and sends it
 * again after each token refresh; a socket whose token expires without a new one is closed.
 */
@Injectable()
export class RealtimeServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('Realtime');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly sends = new WindowCounter(60_000);
  private sendHandler?: SendFrameHandler;
  private unsubscribe?: () => void;
  private heartbeat?: NodeJS.Timeout;
  private server?: Server;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== WS_PATH) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  };

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly verifier: TokenVerifier,
    private readonly bus: RealtimeBus,
  ) {}

  onApplicationBootstrap(): void {
    this.server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    this.server.on('upgrade', this.onUpgrade);
    this.unsubscribe = this.bus.subscribe((deliveries) => this.deliver(deliveries));
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.server?.off('upgrade', this.onUpgrade);
    this.unsubscribe?.();
    clearInterval(this.heartbeat);
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.bus.close();
  }

  /** The send-message use case answers send frames (registered once, at start). */
  onSend(handler: SendFrameHandler): void {
    this.sendHandler = handler;
  }

  /** Sockets currently signed in (for metrics and tests). */
  get connectedUsers(): number {
    return this.byUser.size;
  }

  private accept(socket: WebSocket): void {
    const client: Client = {
      socket,
      userId: null,
      alive: true,
      refused: 0,
      raw: rawSocketOf(socket),
      corked: false,
    };
    const authTimer = setTimeout(() => {
      if (!client.userId) socket.close(4401, 'authentication required');
    }, AUTH_TIMEOUT_MS);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearTimeout(client.expiryTimer);
      this.detach(client);
    });
    socket.on('error', () => socket.terminate());
  }

  /**
   * Every frame ends here, whatever it holds: nothing a client sends may reject into the event
   * loop (an unhandled rejection stops the process, and with it every user's sockets).
   */
  private receive(client: Client, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      client.socket.close(1003, 'text frames only');
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString() : data.toString();
    this.onMessage(client, text).catch((err: unknown) => {
      this.log.warn(`frame not handled: ${err instanceof Error ? err.message : String(err)}`);
      this.send(client, {
        type: 'error',
        code: 'REALTIME.UNAVAILABLE',
        message: 'The message could not be handled. Please try again.',
      });
    });
  }

  private refuse(client: Client, message: string, ref?: string): void {
    client.refused += 1;
    if (client.refused > MAX_REFUSED_FRAMES) {
      client.socket.close(1008, 'too many bad messages');
      return;
    }
    this.send(client, {
      type: 'error',
      code: 'REALTIME.BAD_MESSAGE',
      message,
      ...(ref && { ref }),
    });
  }

  /**
   * A message sent over the socket (ADR 0059): signed in, within the per-user limit, the
   * token's session still open (as every HTTP request asks), then the same use case as
   * `POST …/messages`. Always answered with the frame's `ref`: `sent` or the error.
   */
  private async onSendFrame(client: Client, frame: SendFrame): Promise<void> {
    const { ref } = frame;
    const requestId = randomUUID();
    const fail = (error: AppError) =>
      this.send(client, {
        type: 'error',
        ref,
        code: error.code,
        message: error.message,
        ...(error.details !== undefined && { details: error.details }),
        status: error.status,
        requestId,
      });
    if (!client.userId || !client.session) return fail(signInRequiredError());
    if (!this.sendHandler)
      return fail(
        new AppError(
          'REALTIME.UNAVAILABLE',
          'Sending over this connection is not available.',
          'unavailable',
        ),
      );
    if (this.sends.hit(client.userId) > SENDS_PER_MINUTE) return fail(rateLimitedError());
    try {
      await this.verifier.assertSessionOpen(client.session);
      const message = await this.sendHandler(frame, { id: client.userId, requestId });
      this.send(client, { type: 'sent', ref, message });
    } catch (err) {
      if (!(err instanceof AppError)) {
        this.log.error(
          `send over the socket failed (request ${requestId}): ${err instanceof Error ? err.message : String(err)}`,
        );
        return fail(
          new AppError(
            'REALTIME.UNAVAILABLE',
            'The message could not be sent. Please try again.',
            'unavailable',
          ),
        );
      }
      fail(err);
      // Signed out elsewhere: this socket's token no longer opens anything.
      if (err.code === 'AUTH.SESSION_ENDED') client.socket.close(4401, 'session ended');
    }
  }

  private async onMessage(client: Client, text: string): Promise<void> {
    const msg = parseClientFrame(text);
    if (isRefused(msg)) return this.refuse(client, msg.message, msg.ref);
    if (msg.type === 'ping') return this.send(client, { type: 'pong' });
    if (msg.type === 'send') return this.onSendFrame(client, msg);
    try {
      const { user, session } = await this.verifier.verifySignature(msg.token);
      await this.verifier.assertSessionOpen(session);
      if (client.userId && client.userId !== user.id) {
        // A socket belongs to one user; switching users needs a new connection.
        client.socket.close(4403, 'token of another user');
        return;
      }
      if (!client.userId) this.attach(client, user.id);
      client.session = session;
      this.scheduleExpiry(client, msg.token);
      this.send(client, { type: 'ready', userId: user.id });
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'AUTH.INVALID_TOKEN';
      this.send(client, { type: 'error', code, message: 'Authentication failed.' });
      client.socket.close(4401, 'authentication failed');
    }
  }

  private scheduleExpiry(client: Client, token: string): void {
    clearTimeout(client.expiryTimer);
    const exp = expiryOf(token);
    if (exp === null) return;
    const ms = Math.max(0, exp * 1000 - Date.now());
    // Timers above ~24.8 days overflow; access tokens live minutes.
    client.expiryTimer = setTimeout(
      () => client.socket.close(4401, 'token expired'),
      Math.min(ms, 2 ** 31 - 1),
    );
  }

  private attach(client: Client, userId: string): void {
    client.userId = userId;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
  }

  private detach(client: Client): void {
    if (!client.userId) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) this.byUser.delete(client.userId);
  }

  /**
   * The events of one bus message (a sent message's three: issue 28, ADR 0052). Each event is
   * serialised and encoded once for all its sockets. Every socket written to is corked until
   * the current run of microtasks is over (`corkForThisTick`), so its frames leave in one write
   * (one syscall here, one chunk through the gateway's pipe): a sender's socket gets its two
   * events and the `sent` answer of its own send frame in one write instead of two.
   */
  private deliver(deliveries: readonly RealtimeDelivery[]): void {
    for (const { userIds, event } of deliveries) {
      let frame: Buffer | undefined;
      for (const userId of userIds) {
        const clients = this.byUser.get(userId);
        if (!clients) continue;
        for (const client of clients) {
          if (client.socket.readyState !== WebSocket.OPEN) continue;
          frame ??= encode(event);
          this.corkForThisTick(client);
          client.socket.send(frame, TEXT);
        }
      }
    }
  }

  /** Sockets corked by `corkForThisTick`, uncorked together on the next tick. */
  private readonly corked: Client[] = [];

  /**
   * Corks the client's TCP socket until `process.nextTick`: what is written to it meanwhile
   * (the rest of this bus message, and an answer the same chain of promises writes, which runs
   * before the next tick) leaves in one write.
   */
  private corkForThisTick(client: Client): void {
    if (!client.raw || client.corked) return;
    client.raw.cork();
    client.corked = true;
    if (this.corked.push(client) === 1) process.nextTick(this.uncorkAll);
  }

  private readonly uncorkAll = (): void => {
    for (const client of this.corked.splice(0)) {
      client.corked = false;
      client.raw?.uncork();
    }
  };

  private send(client: Client, msg: RealtimeServerMessage): void {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(msg));
  }

  private sweep(): void {
    for (const set of this.byUser.values()) {
      for (const client of set) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
    this.log.debug?.(`sockets: ${this.wss.clients.size}`);
  }
}
