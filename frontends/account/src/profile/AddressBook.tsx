import { addressFormValues, formatAddressLine } from '@loadout/address-rules';
import { type SavedAddress } from '@loadout/contracts';
import { Button, ConfirmDialog, ErrorPanel, Skeleton } from '@loadout/ui';
import { useAddresses, useAddressMutations } from '@loadout/web';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../api/errors';
import { AddressForm } from './AddressForm';

export const ADDRESS_TEXTS = {
  added: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  saveFailed: 'The address could not be saved',
  deleteFailed: 'The address could not be deleted',
  loadFailed: 'Your addresses could not be loaded',
  empty: 'No saved addresses yet. Add one to check out faster with tracked post.',
} as const;

type Editing = { kind: 'new' } | { kind: 'edit'; address: SavedAddress } | null;

/**
 * The "Addresses" section of `/profile`: the address book checkout offers for tracked post.
 * Orders keep their own copy, so editing or deleting here changes no order.
 */
export function AddressBook() {
  const book = useAddresses();
  const { add, edit, remove } = useAddressMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);

  if (book.isPending) {
    return (
      <div role="status" aria-label="Loading your addresses">
        <Skeleton width="100%" height="6rem" shape="rect" />
      </div>
    );
  }
  if (book.isError) {
    return (
      <ErrorPanel
        headingLevel={3}
        title={ADDRESS_TEXTS.loadFailed}
        message={errorMessage(book.error, 'Please try again.')}
        onRetry={() => void book.refetch()}
        retrying={book.isFetching}
      />
    );
  }

  const failed = (title: string) => (error: unknown) => {
    toast.error(title, { description: errorMessage(error, 'Please try again.') });
    throw error;
  };
  const addresses = book.data.items;

  return (
    <div className="account-stack">
      {addresses.length === 0 ? (
        <p className="lo-muted">{ADDRESS_TEXTS.empty}</p>
      ) : (
        <ul className="account-addresses" aria-label="Saved addresses">
          {addresses.map((a) => (
            <li key={a.id} className="account-address">
              {editing?.kind === 'edit' && editing.address.id === a.id ? (
                <AddressForm
                  label={`Edit ${a.line1}`}
                  idPrefix={`address-${a.id}`}
                  initial={addressFormValues(a)}
                  submitLabel="Save address"
                  pending={edit.isPending}
                  onCancel={() => setEditing(null)}
                  onSubmit={(input) =>
                    edit.mutateAsync({ id: a.id, input }).then(() => {
                      toast.success(ADDRESS_TEXTS.updated);
                      setEditing(null);
                    }, failed(ADDRESS_TEXTS.saveFailed))
                  }
                />
              ) : (
                <>
                  <p className="account-address__text">
                    <strong>{a.name}</strong>
                    <br />
                    {formatAddressLine(a)}
                    {a.phone ? (
                      <>
                        <br />
                        Phone {a.phone}
                      </>
                    ) : null}
                  </p>
                  <div className="account-actions">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Edit ${a.line1}`}
                      onClick={() => setEditing({ kind: 'edit', address: a })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${a.line1}`}
                      onClick={() => setDeleting(a)}
                    >
                      Delete
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing?.kind === 'new' ? (
        <AddressForm
          label="New address"
          idPrefix="address-new"
          submitLabel="Save address"
          pending={add.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(input) =>
            add.mutateAsync(input).then(() => {
              toast.success(ADDRESS_TEXTS.added);
              setEditing(null);
            }, failed(ADDRESS_TEXTS.saveFailed))
          }
        />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setEditing({ kind: 'new' })}>
            Add an address
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        description={
          deleting
            ? `${deleting.name}, ${formatAddressLine(deleting)}. Orders already placed keep the address they were sent to.`
            : undefined
        }
        confirmLabel="Delete address"
        cancelLabel="Keep it"
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(ADDRESS_TEXTS.deleted);
              setDeleting(null);
            },
            onError: (error) => {
              setDeleting(null);
              toast.error(ADDRESS_TEXTS.deleteFailed, {
                description: errorMessage(error, 'Please try again.'),
              });
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
