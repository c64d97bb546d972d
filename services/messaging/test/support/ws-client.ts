import { WebSocket } from 'ws';
import { type RealtimeServerMessage } from '@loadout/contracts';

export interface TestSocket {
  ws: WebSocket;
  received: RealtimeServerMessage[];
  /** Resolves with the first message (already received or future) matching `pred`. */
  next<T extends RealtimeServerMessage>(
    pred: (m: RealtimeServerMessage) => m is T,
    timeoutMs?: number,
  ): Promise<T>;
  closed: Promise<{ code: number }>;
  close(): void;
}

/** Opens `/ws` on `base` (http URL) and authenticates with the first message. */
export async function connectSocket(
  base: string,
  token: string | null,
  path = '/ws',
): Promise<TestSocket> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + path);
  const received: RealtimeServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    received.push(JSON.parse(String(data)) as RealtimeServerMessage);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.on('close', (code) => resolve({ code })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const socket: TestSocket = {
    ws,
    received,
    closed,
    close: () => ws.close(),
    next(pred, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(pred);
          if (!hit) return false;
          waiters.splice(waiters.indexOf(check), 1);
          clearTimeout(timer);
          resolve(hit as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(check);
        check();
      });
    },
  };
  if (token) {
    ws.send(JSON.stringify({ type: 'auth', token }));
    await socket.next(
      (m): m is Extract<RealtimeServerMessage, { type: 'ready' }> => m.type === 'ready',
    );
  }
  return socket;
}

export const isMessageCreated = (
  m: RealtimeServerMessage,
): m is Extract<RealtimeServerMessage, { type: 'message.created' }> => m.type === 'message.created';
export const isUnreadChanged = (
  m: RealtimeServerMessage,
): m is Extract<RealtimeServerMessage, { type: 'unread.changed' }> => m.type === 'unread.changed';
