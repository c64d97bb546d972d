import { Badge, buttonClassName } from '@loadout/ui';
import { type Session, useSession } from '@loadout/web';
import { Link, NavLink } from 'react-router-dom';
import { CrosshairIcon } from './icons';
import { SearchBox } from './SearchBox';

const NAV_LINKS = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/fields', label: 'Field List' },
  { to: '/fps-calculator', label: 'FPS Calculator' },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? 'shell-nav__link is-active' : 'shell-nav__link';
}

/** Account actions; switches on the session (signed-in menu arrives with the account remote). */
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
          <Link to="/sell" className={buttonClassName({ size: 'sm' })}>
            Sell Item
          </Link>
          <Link to="/profile" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            {session.user.displayName || session.user.username}
          </Link>
        </div>
      );
  }
}

export function Header() {
  const session = useSession();
  return (
    <header className="shell-header">
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
