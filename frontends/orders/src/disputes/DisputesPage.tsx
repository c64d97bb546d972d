import { EmptyState, ErrorPanel, Skeleton } from '@loadout/ui';
import { usePageMeta, useDisputes, useSession } from '@loadout/web';
import { SignInRequired } from '../shared/SignInRequired';
import { DisputeCard } from './DisputeCard';

/** `/disputes`: my disputes as buyer and seller, with status, deadlines and the thread. */
export function DisputesPage() {
  usePageMeta('Disputes', 'Problems with an order, settled with the money held in escrow.');
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">Disputes</h1>
      <SignInRequired purpose="see your disputes">
        <DisputeList />
      </SignInRequired>
    </div>
  );
}

function DisputeList() {
  const { user } = useSession();
  const disputes = useDisputes();
  if (disputes.isPending)
    return (
      <div role="status" aria-label="Loading disputes">
        <Skeleton width="100%" height="8rem" shape="rect" />
      </div>
    );
  if (disputes.isError)
    return (
      <ErrorPanel
        title="Your disputes could not be loaded"
        message={disputes.error.message}
        onRetry={() => void disputes.refetch()}
        retrying={disputes.isFetching}
      />
    );
  if (disputes.data.items.length === 0)
    return (
      <EmptyState
        title="No disputes"
        description="If something goes wrong with an order, open a dispute from My Purchases while the money is still held."
      />
    );
  return (
    <ol className="or-orders" aria-label="Your disputes">
      {disputes.data.items.map((d) => (
        <DisputeCard key={d.id} dispute={d} userId={user?.id ?? ''} />
      ))}
    </ol>
  );
}
