import { Card, buttonClassName } from '@loadout/ui';
import { useSession, usePageMeta, Link, Navigate, useLocation } from '@loadout/web';
import { type ReactNode } from 'react';

function CheckingAuthentication() {
  return (
    <div role="status" className="lo-spinner-wrap shell-area-status">
      <span className="lo-spinner lo-spinner--lg" aria-hidden="true" />
      <span className="lo-spinner-label">Checking authentication...</span>
    </div>
  );
}

function AccessDenied() {
  usePageMeta('Access Denied', 'This area of Loadout is for administrators only.');
  return (
    <div className="lo-container shell-page">
      <Card as="section" padding="lg" className="shell-denied" aria-labelledby="access-denied">
        <h1 id="access-denied">Access Denied</h1>
        <p>You don&apos;t have administrator privileges to access this area.</p>
        <div className="shell-actions">
          <Link to="/" className={buttonClassName()}>
            Return Home
          </Link>
          <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
            Browse Marketplace
          </Link>
        </div>
      </Card>
    </div>
  );
}

/**
 * Admin-only areas (seed §2): "Checking authentication..." while the session loads, /auth when
 * signed out, "Access Denied" for signed-in users who are not admins, the area for admins.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  switch (session.status) {
    case 'loading':
      return <CheckingAuthentication />;
    case 'signed-out':
      return (
        <Navigate
          to="/auth"
          replace
          state={{ from: location.pathname + location.search + location.hash }}
        />
      );
    case 'signed-in':
      return session.isAdmin ? <>{children}</> : <AccessDenied />;
  }
}
