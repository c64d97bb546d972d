import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Header } from './Header';
import { marketplaceSearchPath } from './SearchBox';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHeader() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('marketplaceSearchPath', () => {
  it('trims and encodes the text, ignoring blanks', () => {
    expect(marketplaceSearchPath('  m4 carbine ')).toBe('/marketplace?search=m4%20carbine');
    expect(marketplaceSearchPath('   ')).toBeNull();
    expect(marketplaceSearchPath('')).toBeNull();
  });
});

describe('Header (signed out)', () => {
  it('links the logo, nav and account actions', () => {
    renderHeader();
    const expected: Array<[string, string]> = [
      ['Loadout', '/'],
      ['Marketplace', '/marketplace'],
      ['Field List', '/fields'],
      ['FPS Calculator', '/fps-calculator'],
      ['Sign In', '/auth'],
      ['Register', '/auth?tab=signup'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('submits a trimmed search to the marketplace', async () => {
    const user = renderHeader();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search listings' }),
      '  gbb pistol {Enter}',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace?search=gbb%20pistol');
  });

  it('ignores an empty search', async () => {
    const user = renderHeader();
    await user.type(screen.getByRole('searchbox', { name: 'Search listings' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
