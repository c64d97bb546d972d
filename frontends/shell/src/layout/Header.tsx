import { Badge, buttonClassName } from '@loadout/ui';
import { type Session, useSession, Link, NavLink } from '@loadout/web';
import { useUnreadMessages } from '../messages/use-unread-messages';
import { BugReportButton } from '../trust/BugReportButton';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { formatBadgeCount, withUnread } from './badge-count';
import { CrosshairIcon, MessageIcon, PlusIcon } from './icons';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

const NAV_LINKS = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/fields', label: 'Field List' },
  { to: '/fps-calculator', label: 'FPS Calculator' },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? 'shell-nav__link is-active' : 'shell-nav__link';
}

/** The header's messages icon: links to /messages with the unread badge ("9+" above 9). */
function MessagesLink({ userId }: { userId: string }) {
  const unread = useUnreadMessages(userId);
  const badge = formatBadgeCount(unread);
  return (
    <Link
      to="/messages"
      className="shell-icon-button shell-account__messages"
      aria-label={withUnread('Messages', unread)}
    >
      <MessageIcon />
      {badge ? (
        <span className="shell-count" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** Account actions; switches on the session (seed §2). */
function AccountActions({ session }: { session: Session }) {
  switch (session.status) {
    case 'loading':
      return <div className="shell-account" aria-hidden="true" />;
    case 'signed-out':
      return (
        <div className="shell-account">
          <Link to="/auth" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            Sign In
          </Link>
          <Link to="/auth?tab=signup" className={buttonClassName({ size: 'sm' })}>
            Register
          </Link>
        </div>
      );
    case 'signed-in':
      return (
        <div className="shell-account">
          <Link to="/sell" className={buttonClassName({ size: 'sm' }) + ' shell-sell'}>
            <PlusIcon className="shell-sell__icon" />
            <span className="shell-sell__text">Sell Item</span>
          </Link>
          <MessagesLink userId={session.user.id} />
          <NotificationsBell userId={session.user.id} />
          <UserMenu user={session.user} isAdmin={session.isAdmin} />
        </div>
      );
  }
}

export function Header() {
  const session = useSession();
  return (
    <header
      className={
        session.status === 'signed-in' ? 'shell-header shell-header--signed-in' : 'shell-header'
      }
    >
      <a href="#main" className="shell-skip-link">
        Skip to main content
      </a>
      <div className="lo-container shell-header__inner">
        <div className="shell-brand">
          <Link to="/" className="shell-logo">
            <CrosshairIcon className="shell-logo__icon" />
            Loadout
          </Link>
          <Badge tone="accent" className="shell-beta">
            Beta
          </Badge>
          <BugReportButton />
        </div>
        <SearchBox />
        <nav aria-label="Main" className="shell-nav">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountActions session={session} />
      </div>
    </header>
  );
}
