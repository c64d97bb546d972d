import { NavLink } from 'react-router-dom';
import { HomeIcon, SearchIcon, ShopIcon } from './icons';

const ITEMS = [
  { to: '/', label: 'Home', Icon: HomeIcon, end: true },
  { to: '/marketplace', label: 'Shop', Icon: ShopIcon, end: false },
  { to: '/search', label: 'Search', Icon: SearchIcon, end: false },
] as const;

/** Bottom bar for screens under 768 px (hidden by CSS above that). */
export function MobileNav() {
  return (
    <nav aria-label="Mobile" className="shell-mobile-nav">
      <ul>
        {ITEMS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                isActive ? 'shell-mobile-nav__link is-active' : 'shell-mobile-nav__link'
              }
            >
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
