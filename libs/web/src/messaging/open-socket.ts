import { type RealtimeClient } from './realtime-client';

/** The page's messaging socket while a signed-in component keeps it open (one per page). */
let current: RealtimeClient | null = null;

/** Set by `useMessagingRealtime` when it opens the page's socket, cleared when it stops it. */
export function setMessagingSocket(client: RealtimeClient | null): void {
  current = client;
}

/** The page's messaging socket, if one was started (its `status` says whether it is open). */
export function messagingSocket(): RealtimeClient | null {
  return current;
}
