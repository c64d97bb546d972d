import { NavLink, usePageMeta } from '@loadout/web';
import { type ReactNode } from 'react';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/cases', label: 'Reports & cases' },
  { to: '/admin/disputes', label: 'Disputes' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/bug-reports', label: 'Bug reports' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/listings', label: 'Listings' },
  { to: '/admin/fields', label: 'Fields' },
  { to: '/admin/dead-letters', label: 'Dead letters' },
  { to: '/admin/audit-log', label: 'Audit log' },
] as const;

/** The admin area's frame: its sections as a navigation, the page's title, the page. */
export function AdminLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  usePageMeta(`${title} · Admin`, description);
  return (
    <div className="lo-container admin-page">
      <nav aria-label="Admin sections" className="admin-nav">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={'end' in s}
                className={({ isActive }) =>
                  isActive ? 'admin-nav__link is-active' : 'admin-nav__link'
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-main" aria-labelledby="admin-title">
        <h1 id="admin-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
