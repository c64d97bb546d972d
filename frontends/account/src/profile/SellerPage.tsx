import { EmptyState, buttonClassName } from '@loadout/ui';
import { usePageMeta } from '@loadout/web';
import { Link } from 'react-router-dom';

export const SELLER_TEXTS = {
  title: 'Seller pages arrive with the marketplace',
  description:
    "A seller's listings, ratings and sales will be shown here once the marketplace opens. Until then you can look at members' profiles, playing fields and the FPS calculator.",
} as const;

/** `/seller/:userId`: a placeholder until the marketplace builds seller pages. */
export function SellerPage() {
  usePageMeta('Seller profile', 'Seller pages on Loadout arrive with the marketplace.');
  return (
    <div className="lo-container account-page">
      <h1 className="lo-visually-hidden">Seller profile</h1>
      <EmptyState
        title={SELLER_TEXTS.title}
        description={SELLER_TEXTS.description}
        action={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to Home
            </Link>
            <Link to="/fields" className={buttonClassName({ variant: 'ghost' })}>
              Browse playing fields
            </Link>
          </>
        }
      />
    </div>
  );
}

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
