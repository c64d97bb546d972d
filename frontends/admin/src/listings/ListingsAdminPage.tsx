import { type ListingDto } from '@loadout/contracts';
import { Button, Card, FactsList, TextAreaField, TextField } from '@loadout/ui';
import {
  Link,
  formatListingPrice,
  useListing,
  useRemoveListing,
  useSetListingFeatured,
} from '@loadout/web';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { AdminLayout } from '../layout/AdminLayout';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';
import { failedTo } from '../layout/failure-toast';

function ListingActions({ listing }: { listing: ListingDto }) {
  const feature = useSetListingFeatured();
  const remove = useRemoveListing();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const onRemove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError('Give the reason the seller will read.');
      return;
    }
    remove.mutate(
      { id: listing.id, reason: reason.trim() },
      {
        onSuccess: () => toast.success('Listing removed'),
        onError: failedTo('remove the listing'),
      },
    );
  };
  return (
    <Card as="section" aria-labelledby="listing-title">
      <h2 id="listing-title">
        <Link to={`/listing/${encodeURIComponent(listing.id)}`}>{listing.title}</Link>
      </h2>
      <FactsList
        facts={[
          { term: 'Status', value: listing.status },
          {
            term: 'Price',
            value: listing.priceCents === null ? '—' : formatListingPrice(listing.priceCents),
          },
          { term: 'Seller', value: listing.sellerId },
          { term: 'Featured', value: listing.featured ? 'Yes' : 'No' },
        ]}
      />
      <Button
        variant="secondary"
        loading={feature.isPending}
        disabled={listing.status !== 'active'}
        onClick={() =>
          feature.mutate(
            { id: listing.id, featured: !listing.featured },
            { onError: failedTo(listing.featured ? 'unfeature it' : 'feature it') },
          )
        }
      >
        {listing.featured ? 'Unfeature' : 'Feature on the home page'}
      </Button>
      {listing.status !== 'removed' ? (
        <form
          noValidate
          onSubmit={onRemove}
          aria-label="Remove the listing"
          className="admin-decision"
        >
          <TextAreaField
            label="Reason for removal"
            hint="The seller reads it. For reported listings, decide the case instead: it sends a statement of reasons."
            value={reason}
            error={reasonError}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Remove listing
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

function FoundListing({ id }: { id: string }) {
  const listing = useListing(id);
  return (
    <QueryState query={listing} label="listing">
      {(data) => <ListingActions listing={data} />}
    </QueryState>
  );
}

/** `/admin/listings?id=`: find a listing by its id, feature or unfeature it, remove it. */
export function ListingsAdminPage() {
  const url = useUrlState<'id'>();
  const id = url.get('id');
  const [draft, setDraft] = useState(id ?? '');
  return (
    <AdminLayout title="Listings" description="Feature, unfeature or remove a listing.">
      <form
        className="admin-filters"
        aria-label="Find a listing"
        onSubmit={(event) => {
          event.preventDefault();
          url.set({ id: draft.trim() });
        }}
      >
        <TextField
          label="Listing id"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          hint="The part after /listing/ in its address."
        />
        <Button type="submit">Find</Button>
      </form>
      {id ? <FoundListing id={id} /> : null}
    </AdminLayout>
  );
}
