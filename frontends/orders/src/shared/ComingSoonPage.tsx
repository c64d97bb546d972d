import { EmptyState, buttonClassName } from '@loadout/ui';
import { usePageMeta, Link } from '@loadout/web';

/** `/offers`, `/disputes`: routed here by the shell, built by later issues. */
export function ComingSoonPage({ title, what }: { title: string; what: string }) {
  usePageMeta(title, `${title} on Loadout: coming soon.`);
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">{title}</h1>
      <EmptyState
        title="Coming soon"
        description={`${what} is not available yet. Your purchases and sales are in your dashboards.`}
        action={
          <Link to="/buyer-dashboard" className={buttonClassName({ variant: 'secondary' })}>
            My Purchases
          </Link>
        }
      />
    </div>
  );
}
