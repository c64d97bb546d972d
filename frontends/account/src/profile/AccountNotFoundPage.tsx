import { EmptyState, buttonClassName } from '@loadout/ui';
import { usePageMeta, Link } from '@loadout/web';

/** Any other path that reaches this remote. */
export function AccountNotFoundPage() {
  usePageMeta('Page not found', 'The page you are looking for could not be found.');
  return (
    <div className="lo-container account-page">
      <h1 className="lo-visually-hidden">Page not found</h1>
      <EmptyState
        title="Page not found"
        description="The page you are looking for could not be found."
        action={
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Back to Home
          </Link>
        }
      />
    </div>
  );
}
