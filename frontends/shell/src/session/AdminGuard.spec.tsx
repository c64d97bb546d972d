import { createSession, Route, Routes } from '@loadout/web';
import { screen } from '@testing-library/react';
import { ADMIN, NIAMH, renderWithProviders } from '../test-utils';
import { AdminGuard } from './AdminGuard';

// As in the app: the guard lives on the /admin/* route (so the redirect leaves it).
const renderGuard = (options: Parameters<typeof renderWithProviders>[1]) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/admin/*"
        element={
          <AdminGuard>
            <p>Admin area</p>
          </AdminGuard>
        }
      />
      <Route path="/auth" element={<p>Sign in page</p>} />
    </Routes>,
    { path: '/admin', ...options },
  );

describe('AdminGuard', () => {
  it('says "Checking authentication..." while the session loads', () => {
    renderGuard({ session: createSession('loading') });
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('redirects signed-out visitors to /auth', () => {
    renderGuard({ session: createSession('signed-out') });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
    expect(screen.getByText('Sign in page')).toBeInTheDocument();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('shows Access Denied to signed-in users who are not admins', () => {
    renderGuard({ session: createSession(NIAMH) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have administrator privileges to access this area."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Access Denied/);
  });

  it('lets admins in', () => {
    renderGuard({ session: createSession(ADMIN) });
    expect(screen.getByText('Admin area')).toBeInTheDocument();
  });
});
