import { useSession, NavLink } from '@loadout/web';
import { type ComponentType } from 'react';
import { useUnreadMessages } from '../messages/use-unread-messages';
import { formatBadgeCount, withUnread } from './badge-count';
import { HomeIcon, MessageIcon, SearchIcon, ShopIcon, UserIcon } from './icons';

interface MobileItem {
  to: string;
  label: string;
  Icon: ComponentType<{ className?: string }>;
  end: boolean;
  badge?: number;
}

const ITEMS: readonly MobileItem[] = [
  { to: '/', label: 'Home', Icon: HomeIcon, end: true },
  { to: '/marketplace', label: 'Shop', Icon: ShopIcon, end: false },
  { to: '/search', label: 'Search', Icon: SearchIcon, end: false },
];

/** Bottom bar for screens under 768 px (hidden by CSS above that); Messages and Profile when signed in. */
export function MobileNav() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const unread = useUnreadMessages(userId);
  const items: readonly MobileItem[] = userId
    ? [
        ...ITEMS,
        { to: '/messages', label: 'Messages', Icon: MessageIcon, end: false, badge: unread },
        { to: '/profile', label: 'Profile', Icon: UserIcon, end: true },
      ]
    : ITEMS;
  return (
    <nav
      aria-label="Mobile"
      className={userId ? 'shell-mobile-nav shell-mobile-nav--signed-in' : 'shell-mobile-nav'}
    >
      <ul>
        {items.map(({ to, label, Icon, end, badge }) => {
          const shown = formatBadgeCount(badge);
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                aria-label={shown ? withUnread(label, badge) : undefined}
                className={({ isActive }) =>
                  isActive ? 'shell-mobile-nav__link is-active' : 'shell-mobile-nav__link'
                }
              >
                <span className="shell-mobile-nav__icon">
                  <Icon />
                  {shown ? (
                    <span className="shell-count" aria-hidden="true">
                      {shown}
                    </span>
                  ) : null}
                </span>
                <span>{label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
