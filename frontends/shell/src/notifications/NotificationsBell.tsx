import { Spinner } from '@loadout/ui';
import { relativeTime, useNavigate } from '@loadout/web';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatBadgeCount, withUnread } from '../layout/badge-count';
import { BellIcon } from '../layout/icons';
import { isServiceMissing } from '../layout/service-availability';
import {
  type NotificationItem,
  notificationTarget,
  readShownToasts,
  rememberShownToast,
} from './notifications-api';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from './use-notifications';

/** Seed §4: of each refresh, only the first unread notification not yet toasted is toasted. */
function useNotificationToasts(userId: string, items: NotificationItem[] | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!items) return;
    const shown = new Set(readShownToasts(userId));
    const next = items.find((n) => !n.read && !shown.has(n.id));
    if (!next) return;
    rememberShownToast(userId, next.id);
    const target = notificationTarget(next);
    toast(next.title, {
      id: `notification-${next.id}`,
      description: next.message,
      action: target ? { label: 'View', onClick: () => void navigate(target) } : undefined,
    });
  }, [userId, items, navigate]);
}

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
  const page = query.data;
  const unread = page?.unreadCount ?? 0;
  const badge = formatBadgeCount(unread);

  useNotificationToasts(userId, page?.items);

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

  const openItem = (item: NotificationItem) => {
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
        {page.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={
                item.read ? 'shell-notification' : 'shell-notification shell-notification--unread'
              }
              onClick={() => openItem(item)}
            >
              <span className="shell-notification__title">
                {item.read ? null : <span className="lo-visually-hidden">Unread: </span>}
                {item.title}
              </span>
              <span className="shell-notification__message">{item.message}</span>
              {item.created_at ? (
                <span className="shell-notification__time">{relativeTime(item.created_at)}</span>
              ) : null}
            </button>
          </li>
        ))}
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
        onClick={() => (open ? close(false) : setOpen(true))}
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
            {unread > 0 ? (
              <button type="button" className="shell-link-button" onClick={() => markAll.mutate()}>
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
