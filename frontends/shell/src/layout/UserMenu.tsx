import { MenuButton, type MenuItem } from '@loadout/ui';
import { type SessionUser, useSession, useNavigate } from '@loadout/web';
import { ChevronDownIcon } from './icons';

/** The user menu's links (seed §2); Admin Dashboard only for admins. */
export const USER_MENU_LINKS = [
  { id: 'profile', label: 'My Profile', href: '/profile' },
  { id: 'purchases', label: 'My Purchases', href: '/buyer-dashboard' },
  { id: 'sales', label: 'My Sales', href: '/seller-dashboard' },
  { id: 'offers', label: 'Offers', href: '/offers' },
  { id: 'favorites', label: 'Favorites', href: '/favorites' },
  { id: 'disputes', label: 'Disputes', href: '/disputes' },
] as const;

export const ADMIN_MENU_LINK = { id: 'admin', label: 'Admin Dashboard', href: '/admin' } as const;

export function displayNameOf(user: SessionUser): string {
  return user.displayName || user.username || user.email;
}

export function UserMenu({ user, isAdmin }: { user: SessionUser; isAdmin: boolean }) {
  const navigate = useNavigate();
  const session = useSession();
  const name = displayNameOf(user);
  const links = isAdmin ? [...USER_MENU_LINKS, ADMIN_MENU_LINK] : USER_MENU_LINKS;
  const items: MenuItem[] = [
    ...links.map((link) => ({ ...link, onSelect: () => void navigate(link.href) })),
    {
      id: 'sign-out',
      label: 'Sign Out',
      separatorBefore: true,
      onSelect: () => {
        void navigate('/');
        void session.logout();
      },
    },
  ];
  return (
    <MenuButton
      items={items}
      buttonLabel={`Account menu for ${name}`}
      buttonClassName="shell-user-button"
      className="shell-user-menu"
    >
      <span className="shell-avatar" aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <ChevronDownIcon className="shell-user-button__chevron" />
    </MenuButton>
  );
}
