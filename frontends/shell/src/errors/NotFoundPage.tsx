import { Button, buttonClassName } from '@loadout/ui';
import { usePageMeta, Link, useNavigate } from '@loadout/web';

export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you are looking for could not be found on Loadout.');
  const navigate = useNavigate();
  return (
    <div className="lo-container shell-page shell-not-found">
      <p className="shell-not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for could not be found.</p>
      <div className="shell-actions">
        <Link to="/" className={buttonClassName()}>
          Back to Home
        </Link>
        <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
          Browse Marketplace
        </Link>
        <Button variant="ghost" onClick={() => void navigate(-1)}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
