import '../sell.css';
import { type ListingDto } from '@loadout/contracts';
import { Button, buttonClassName, Card, Dialog, ErrorPanel, Spinner } from '@loadout/ui';
import {
  fetchOwnListing,
  isApiError,
  listingKeys,
  listingSaved,
  usePageMeta,
  useSession,
  withdrawListing,
  Link,
  useNavigate,
  useParams,
} from '@loadout/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ListingForm } from '../form/ListingForm';
import { SignedInOnly } from './SignedInOnly';
import { StatusBadge } from './StatusBadge';

export const EDIT_TEXTS = {
  notFound: 'We couldn’t find this listing. It may have been deleted, or the link is wrong.',
  notYours: 'You can only edit your own listings.',
  withdrawn: 'Listing withdrawn',
} as const;

/** `/sell/:id`: the owner edits a draft or an active listing, or withdraws it. */
export function EditListingPage() {
  const { id = '' } = useParams();
  usePageMeta('Edit listing', 'Edit your Loadout listing.');
  return (
    <div className="lo-container sell-page">
      <SignedInOnly purpose="edit your listing">
        <EditListing id={id} />
      </SignedInOnly>
    </div>
  );
}

function EditListing({ id }: { id: string }) {
  const session = useSession();
  const query = useQuery({
    queryKey: listingKeys.detail(id),
    queryFn: () => fetchOwnListing(id),
  });

  if (query.isPending) return <Spinner label="Loading your listing" showLabel />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404 || status === 403) {
      return <CannotEdit message={status === 404 ? EDIT_TEXTS.notFound : EDIT_TEXTS.notYours} />;
    }
    return (
      <ErrorPanel
        title="We couldn’t load this listing"
        message={query.error.message}
        reference={isApiError(query.error) ? query.error.requestId : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const listing = query.data;
  // The API shows anyone's active listing; only its seller may edit it.
  if (session.user && listing.sellerId !== session.user.id) {
    return <CannotEdit message={EDIT_TEXTS.notYours} />;
  }

  const editable = listing.status === 'draft' || listing.status === 'active';
  return (
    <>
      <header className="sell-page__header">
        <h1 className="sell-page__title">{editable ? 'Edit listing' : listing.title}</h1>
        <StatusBadge status={listing.status} removalReason={listing.removalReason} />
        <Link to="/sell/listings" className="sell-page__aside">
          My listings
        </Link>
      </header>
      {editable ? (
        <>
          <ListingForm key={listing.id} listing={listing} />
          <WithdrawListing listing={listing} />
        </>
      ) : (
        <ReadOnlyNotice listing={listing} />
      )}
    </>
  );
}

function CannotEdit({ message }: { message: string }) {
  return (
    <Card className="sell-notice" padding="lg">
      <h1 className="sell-page__title">You can’t edit this listing</h1>
      <p>{message}</p>
      <Link to="/sell/listings" className={buttonClassName({ variant: 'secondary' })}>
        Go to my listings
      </Link>
    </Card>
  );
}

function readOnlyReason(listing: ListingDto): string {
  switch (listing.status) {
    case 'reserved':
      return 'A buyer is paying for this item, so the listing is reserved and can’t be changed.';
    case 'sold':
      return 'This item has sold, so the listing can’t be changed.';
    case 'removed':
      return listing.removalReason
        ? `Loadout removed this listing. Reason: ${listing.removalReason}`
        : 'You withdrew this listing. It is no longer shown to buyers.';
    case 'hidden':
      return 'Your account is suspended, so this listing is hidden from buyers and can’t be changed.';
    case 'draft':
    case 'active':
      return '';
  }
}

function ReadOnlyNotice({ listing }: { listing: ListingDto }) {
  return (
    <Card className="sell-notice" padding="lg">
      <p role="note">{readOnlyReason(listing)}</p>
      <div className="sell-notice__actions">
        {listing.status !== 'removed' ? (
          <Link
            to={`/listing/${encodeURIComponent(listing.id)}`}
            className={buttonClassName({ variant: 'secondary' })}
          >
            View listing
          </Link>
        ) : null}
        <Link to="/sell/listings" className={buttonClassName({ variant: 'ghost' })}>
          My listings
        </Link>
      </div>
    </Card>
  );
}

function WithdrawListing({ listing }: { listing: ListingDto }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => withdrawListing(listing.id),
    onSuccess: (removed) => {
      listingSaved(queryClient, removed);
      toast.success(EDIT_TEXTS.withdrawn, { description: listing.title });
      setOpen(false);
      void navigate('/sell/listings');
    },
  });
  const close = () => {
    if (withdraw.isPending) return;
    withdraw.reset();
    setOpen(false);
  };

  return (
    <section className="sell-section sell-withdraw" aria-labelledby="sell-withdraw-heading">
      <h2 id="sell-withdraw-heading" className="sell-section__title">
        Withdraw
      </h2>
      <p className="sell-muted">
        {listing.status === 'draft'
          ? 'Withdraw this draft if you no longer want to sell the item.'
          : 'Withdraw the listing to stop showing it to buyers.'}
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Withdraw listing
      </Button>
      <Dialog
        open={open}
        onClose={close}
        size="sm"
        title="Withdraw this listing?"
        description={`“${listing.title}” will no longer be shown to buyers. This can’t be undone.`}
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={withdraw.isPending}>
              Keep listing
            </Button>
            <Button variant="danger" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
              Withdraw listing
            </Button>
          </>
        }
      >
        {withdraw.isError ? (
          <p role="alert" className="lo-field__error">
            {withdraw.error.message || 'The listing could not be withdrawn. Please try again.'}
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}
