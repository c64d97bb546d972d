import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuButton, type MenuItem } from './MenuButton';

function setup() {
  const selected: string[] = [];
  const items: MenuItem[] = [
    {
      id: 'profile',
      label: 'My Profile',
      href: '/profile',
      onSelect: () => selected.push('profile'),
    },
    { id: 'offers', label: 'Offers', href: '/offers', onSelect: () => selected.push('offers') },
    {
      id: 'favorites',
      label: 'Favorites',
      href: '/favorites',
      onSelect: () => selected.push('favorites'),
    },
    { id: 'out', label: 'Sign Out', onSelect: () => selected.push('out'), separatorBefore: true },
  ];
  render(
    <>
      <MenuButton items={items} buttonLabel="Account menu">
        N
      </MenuButton>
      <button type="button">After</button>
    </>,
  );
  return { user: userEvent.setup(), selected };
}

const button = () => screen.getByRole('button', { name: 'Account menu' });

describe('MenuButton', () => {
  it('is a closed menu button at first', () => {
    setup();
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click with focus on the first item, labelled by the button', async () => {
    const { user } = setup();
    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
    expect(screen.getAllByRole('menuitem').map((el) => el.textContent)).toEqual([
      'My Profile',
      'Offers',
      'Favorites',
      'Sign Out',
    ]);
  });

  it('moves with the arrow keys (wrapping), Home, End and type-ahead', async () => {
    const { user } = setup();
    button().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Offers' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
    await user.keyboard('f');
    expect(screen.getByRole('menuitem', { name: 'Favorites' })).toHaveFocus();
  });

  it('opens on the last item with Arrow Up', async () => {
    const { user } = setup();
    button().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user } = setup();
    button().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });

  it('activates with Enter and Space, closing and refocusing the button', async () => {
    const { user, selected } = setup();
    button().focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(selected).toEqual(['offers']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{End} ');
    expect(selected).toEqual(['offers', 'out']);
  });

  it('closes on Tab and on a click outside', async () => {
    const { user } = setup();
    await user.click(button());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.click(button());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('renders links for items with an href', async () => {
    const { user } = setup();
    await user.click(button());
    expect(screen.getByRole('menuitem', { name: 'Offers' })).toHaveAttribute('href', '/offers');
  });
});
