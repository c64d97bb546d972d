import { Spinner } from '@loadout/ui';
import { type NotificationDto } from '@loadout/contracts';
import { notificationTarget, relativeTime, useNavigate } from '@loadout/web';
import { useEffect, useId, useRef, useState } from 'react';
import { formatBadgeCount, withUnread } from '../layout/badge-count';
import { BellIcon } from '../layout/icons';
import { isServiceMissing } from '../layout/service-availability';
import { OffPlatformWarning } from './OffPlatformWarning';
import { useLiveNotificationToasts } from './use-live-notification-toasts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMarkNotificationsSeen,
  useNotifications,
} from './use-notifications';

export interface NotificationsBellProps {
  userId: string;
}

/** The header's bell: unread badge ("9+" above 9) and the latest-10 dropdown (seed §2, §9). */
export function NotificationsBell({ userId }: NotificationsBellProps) {
  const panelId = useId();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const query = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const markSeen = useMarkNotificationsSeen(userId);
  const page = query.data;
  const unread = page?.unreadCount ?? 0;
  const badge = formatBadgeCount(unread);
  // Unread when this opening of the bell showed them: still marked "New" while it is open,
  // though they are marked read (seen) on the server as soon as they are shown.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());

  useLiveNotificationToasts(userId, page?.items);

  const openBell = () => {
    const shown = page?.items.filter((n) => !n.read).map((n) => n.id) ?? [];
    setFresh(new Set(shown));
    setOpen(true);
    if (shown.length > 0) markSeen.mutate(shown);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onMouseDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const openItem = (item: NotificationDto) => {
    if (!item.read) markRead.mutate(item.id);
    const target = notificationTarget(item);
    if (target) {
      close(false);
      void navigate(target);
    }
  };

  let body;
  if (query.isPending) {
    body = (
      <Spinner label="Loading notifications" size="sm" className="shell-notifications__status" />
    );
  } else if (query.isError && !isServiceMissing(query.error)) {
    body = <p className="shell-notifications__empty">Notifications could not be loaded.</p>;
  } else if (!page || page.items.length === 0) {
    body = <p className="shell-notifications__empty">No notifications yet</p>;
  } else {
    body = (
      <ul className="shell-notifications__list">
        {page.items.map((item) => {
          const isNew = !item.read || fresh.has(item.id);
          return (
            <li key={item.id}>
              <button
                type="button"
                className={
                  isNew ? 'shell-notification shell-notification--unread' : 'shell-notification'
                }
                onClick={() => openItem(item)}
              >
                <span className="shell-notification__title">
                  {isNew ? <span className="lo-visually-hidden">New: </span> : null}
                  {item.title}
                </span>
                <span className="shell-notification__message">{item.message}</span>
                {item.offPlatformWarning ? <OffPlatformWarning /> : null}
                {item.created_at ? (
                  <span className="shell-notification__time">{relativeTime(item.created_at)}</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      ref={rootRef}
      className="shell-bell"
      onBlur={(event) => {
        // Focus moved to something outside (clicks on nothing are handled on mousedown).
        const to = event.relatedTarget as Node | null;
        if (open && to && !rootRef.current?.contains(to)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="shell-icon-button"
        aria-label={withUnread('Notifications', unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : openBell())}
      >
        <BellIcon />
        {badge ? (
          <span className="shell-count" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="shell-popover shell-notifications"
        >
          <div className="shell-notifications__head">
            <h2 id={headingId}>Notifications</h2>
            {unread > 0 || fresh.size > 0 ? (
              <button
                type="button"
                className="shell-link-button"
                onClick={() => {
                  setFresh(new Set());
                  markAll.mutate();
                }}
              >
                Mark all read
              </button>
            ) : null}
          </div>
          {body}
        </div>
      ) : null}
    </div>
  );
}
