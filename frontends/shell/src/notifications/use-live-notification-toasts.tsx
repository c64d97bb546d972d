import { type NotificationDto } from '@loadout/contracts';
import { notificationTarget, useNavigate } from '@loadout/web';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { OffPlatformWarning } from './OffPlatformWarning';

/** At most this many toasts from one refresh (the toaster shows three). */
const MAX_TOASTS_PER_REFRESH = 3;

// Per page (one query client) and user: the notifications already known. What the first answer
// lists was there before the page opened, so it is never toasted; navigations keep the set.
const knownByPage = new WeakMap<QueryClient, Map<string, Set<string>>>();

/** Before issue 25 the ids of toasted notifications were kept here; nothing reads them now. */
function forgetOldToastRecord(userId: string): void {
  try {
    localStorage.removeItem(`shownNotificationToasts_${userId}`);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** The unread notifications in `items` not known before, remembering all of `items`. */
export function takeLiveArrivals(
  client: QueryClient,
  userId: string,
  items: NotificationDto[],
): NotificationDto[] {
  let byUser = knownByPage.get(client);
  if (!byUser) knownByPage.set(client, (byUser = new Map()));
  const known = byUser.get(userId);
  if (!known) {
    byUser.set(userId, new Set(items.map((n) => n.id)));
    forgetOldToastRecord(userId);
    return [];
  }
  const fresh = items.filter((n) => !n.read && !known.has(n.id));
  for (const n of items) known.add(n.id);
  return fresh;
}

/**
 * Toasts only notifications that arrived while the page is open (pushed or polled), never the
 * ones listed when it loaded; each once.
 */
export function useLiveNotificationToasts(userId: string, items: NotificationDto[] | undefined) {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!items) return;
    // Newest first in the list: toast the oldest of the newest few first.
    const fresh = takeLiveArrivals(client, userId, items).slice(0, MAX_TOASTS_PER_REFRESH);
    for (const n of fresh.reverse()) {
      const target = notificationTarget(n);
      toast(n.title, {
        id: `notification-${n.id}`,
        description: n.offPlatformWarning ? (
          <>
            {n.message}
            <OffPlatformWarning />
          </>
        ) : (
          n.message
        ),
        action: target ? { label: 'View', onClick: () => void navigate(target) } : undefined,
      });
    }
  }, [client, userId, items, navigate]);
}
