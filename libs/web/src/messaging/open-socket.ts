import { type RealtimeClient, type RealtimeStatus } from './realtime-client';

/** The page's one messaging socket, however many components listen (badge, thread, list). */
export interface PageSocket {
  client: RealtimeClient;
  /** Components holding it open; the last to let go stops it. */
  users: number;
  status: RealtimeStatus;
  userId: string;
}

let current: PageSocket | null = null;

/** Kept by `useMessagingRealtime`, which opens and stops the page's socket. */
export function pageSocket(): PageSocket | null {
  return current;
}

export function setPageSocket(socket: PageSocket | null): void {
  current = socket;
}

/** The page's messaging socket, if one was started (its `status` says whether it is open). */
export function messagingSocket(): RealtimeClient | null {
  return current?.client ?? null;
}
