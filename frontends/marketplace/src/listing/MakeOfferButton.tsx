import {
  ADDRESS_FIELDS,
  addressFormErrors,
  addressInput,
  emptyAddressForm,
  formatAddressLine,
  type AddressField,
  type AddressFormValues,
} from '@loadout/address-rules';
import {
  OFFER_MESSAGE_MAX,
  OFFER_MIN_PERCENT_DEFAULT,
  OFFER_TTL_HOURS_DEFAULT,
  offerMinimumCents,
  type DeliveryAddressInput,
  type DeliveryOption,
  type ListingDto,
  type SavedAddress,
} from '@loadout/contracts';
import {
  AddressFields,
  Button,
  Dialog,
  FactsList,
  RadioGroup,
  TextAreaField,
  TextField,
  focusFirstInvalid,
  useFocusFirstInvalidLater,
  useForm,
} from '@loadout/ui';
import {
  Link,
  euroToCents,
  formatListingPrice,
  isApiError,
  newIdempotencyKey,
  previewAmounts,
  serverFieldErrors,
  useAddresses,
  useMakeOffer,
  useNavigate,
  useSignInPrompt,
} from '@loadout/web';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';

export const OFFER_TEXTS = {
  rules: `The seller has ${OFFER_TTL_HOURS_DEFAULT} hours to accept, make a counter-offer or decline; a counter-offer gives you ${OFFER_TTL_HOURS_DEFAULT} hours too. You can have one open offer on an item.`,
  accepted:
    'If a price is agreed, an order is made at that price, reserved for you, and you pay it from Offers.',
  fee: 'Escrow protection fee (2.5%)',
} as const;

const NEW = 'new';

interface OfferValues {
  amount: string;
  message: string;
  delivery: DeliveryOption;
}
type OfferField = 'amount' | 'message';
const OFFER_FIELDS: readonly OfferField[] = ['amount', 'message'];
/** The API's field names in a refusal → the offer form's and the address form's. */
const OFFER_SERVER_FIELDS: Record<string, OfferField> = {
  amountCents: 'amount',
  message: 'message',
};
const ADDRESS_SERVER_FIELDS: Record<string, AddressField> = Object.fromEntries(
  ADDRESS_FIELDS.map((f) => [`deliveryAddress.${f}`, f]),
);
const asInput = (a: SavedAddress): DeliveryAddressInput => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  town: a.town,
  county: a.county,
  eircode: a.eircode,
  phone: a.phone,
});

/**
 * "Make an offer" on a listing page (issue 24): a visitor is asked to sign in; a signed-in
 * buyer gets the offer dialog. The owner never sees it (the listing page shows them no buying).
 */
export function MakeOfferButton({ listing }: { listing: ListingDto }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Make an offer
      </Button>
      {open ? <MakeOfferDialog listing={listing} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function MakeOfferDialog({ listing, onClose }: { listing: ListingDto; onClose: () => void }) {
  const prompt = useSignInPrompt();
  if (prompt.status !== 'signed-in')
    return (
      <Dialog open onClose={onClose} title="Sign in to make an offer" size="sm">
        <p>You need a Loadout account to make an offer. Signing in brings you back here.</p>
        {prompt.problem ? (
          <p role="alert" className="lo-field__error">
            {prompt.problem}
          </p>
        ) : null}
        <p className="mp-actions__row">
          <Button onClick={() => void prompt.signIn()} loading={prompt.starting}>
            Sign in
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Not now
          </Button>
        </p>
      </Dialog>
    );
  return <OfferForm listing={listing} onClose={onClose} />;
}

function OfferForm({ listing, onClose }: { listing: ListingDto; onClose: () => void }) {
  const asking = listing.priceCents ?? 0;
  const minimum = offerMinimumCents(asking, OFFER_MIN_PERCENT_DEFAULT);
  const postage = listing.shipping.postageCents;
  const deliveries: { value: DeliveryOption; label: string; hint?: string }[] = [
    ...(postage !== null
      ? [{ value: 'post' as const, label: 'Tracked post', hint: formatListingPrice(postage) }]
      : []),
    ...(listing.shipping.collection
      ? [
          {
            value: 'collection' as const,
            label: 'Collection in person',
            hint: listing.county ? `Co. ${listing.county}` : undefined,
          },
        ]
      : []),
  ];
  const checks = useMemo(
    () => ({
      amount: (value: string) => {
        const cents = euroToCents(value);
        return cents === null || cents < minimum || cents >= asking
          ? `Enter at least ${formatListingPrice(minimum)} and less than ${formatListingPrice(asking)}.`
          : undefined;
      },
    }),
    [minimum, asking],
  );
  const offer = useForm<OfferValues>(
    () => ({ amount: '', message: '', delivery: deliveries[0]?.value ?? 'post' }),
    checks,
  );
  const { delivery } = offer.values;
  const [key] = useState(newIdempotencyKey);
  const book = useAddresses(delivery === 'post');
  const saved = book.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? saved[0]?.id ?? NEW;
  const form = useForm<AddressFormValues, AddressField>(emptyAddressForm, addressFormErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useMakeOffer();
  const navigate = useNavigate();
  // A refusal shown on its fields is not repeated below the form.
  const [onFields, setOnFields] = useState(false);

  const cents = euroToCents(offer.values.amount);
  const postageCents = delivery === 'post' ? (postage ?? 0) : 0;
  const preview =
    cents !== null && !offer.clientErrors.amount ? previewAmounts(cents, postageCents) : null;

  const focusLater = useFocusFirstInvalidLater(formRef, !mutation.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The address part says the book is loading; nothing to choose from yet.
    if (mutation.isPending || (delivery === 'post' && book.isLoading)) return;
    const chosen = delivery === 'post' ? saved.find((a) => a.id === choice) : undefined;
    const needsAddress = delivery === 'post' && !chosen;
    const offerValid = offer.validate();
    const addressValid = needsAddress ? form.validate() : true;
    if (!offerValid || !addressValid) {
      focusFirstInvalid(formRef.current, [...OFFER_FIELDS, ...ADDRESS_FIELDS], {
        ...offer.clientErrors,
        ...(needsAddress ? form.clientErrors : {}),
      });
      return;
    }
    const deliveryAddress: DeliveryAddressInput | null =
      delivery !== 'post' ? null : chosen ? asInput(chosen) : addressInput(form.values);
    mutation.mutate(
      {
        idempotencyKey: key,
        input: {
          listingId: listing.id,
          amountCents: cents!,
          message: offer.values.message.trim() || null,
          delivery,
          deliveryAddress,
        },
      },
      {
        onSuccess: () => {
          toast.success('Offer sent', {
            description: `The seller has ${OFFER_TTL_HOURS_DEFAULT} hours to answer.`,
          });
          onClose();
          void navigate('/offers');
        },
        onError: (error) => {
          const offerErrors = serverFieldErrors(error, OFFER_SERVER_FIELDS);
          const addressErrors = needsAddress ? serverFieldErrors(error, ADDRESS_SERVER_FIELDS) : {};
          offer.setServerErrors(offerErrors);
          form.setServerErrors(addressErrors);
          const shown =
            Object.keys(offerErrors).length > 0 || Object.keys(addressErrors).length > 0;
          setOnFields(shown);
          focusLater([...OFFER_FIELDS, ...ADDRESS_FIELDS], { ...offerErrors, ...addressErrors });
        },
      },
    );
  };

  const serverError = mutation.error;
  const alreadyOpen = isApiError(serverError) && serverError.code === 'ORDERS.OFFER_ALREADY_OPEN';

  return (
    <Dialog
      open
      onClose={onClose}
      title="Make an offer"
      description={`${listing.title}: asking ${formatListingPrice(asking)}.`}
    >
      <form ref={formRef} className="mp-offer" onSubmit={submit} noValidate aria-label="Your offer">
        <TextField
          label="Your offer (€)"
          inputMode="decimal"
          hint={`At least ${formatListingPrice(minimum)} (${OFFER_MIN_PERCENT_DEFAULT} % of the asking price), below ${formatListingPrice(asking)}.`}
          {...offer.field('amount')}
          disabled={mutation.isPending}
        />
        <TextAreaField
          label="Message to the seller (optional)"
          maxLength={OFFER_MESSAGE_MAX}
          {...offer.field('message')}
          disabled={mutation.isPending}
        />
        {deliveries.length > 1 ? (
          <RadioGroup
            legend="Delivery"
            options={deliveries}
            name="delivery"
            value={delivery}
            onChange={(value) => offer.setValue('delivery', value)}
            disabled={mutation.isPending}
          />
        ) : (
          <p className="lo-small">
            Delivery: {deliveries[0]?.label ?? 'none offered'}
            {deliveries[0]?.hint ? ` (${deliveries[0].hint})` : ''}
          </p>
        )}
        {delivery === 'post' ? (
          <div className="mp-offer__address">
            {book.isLoading ? (
              <p className="lo-muted" role="status">
                Loading your saved addresses…
              </p>
            ) : null}
            {saved.length > 0 ? (
              <RadioGroup
                legend="Send it to"
                options={[
                  ...saved.map((a) => ({
                    value: a.id,
                    label: `${a.name}, ${a.line1}`,
                    hint: formatAddressLine(a),
                  })),
                  { value: NEW, label: 'A new address' },
                ]}
                value={choice}
                onChange={setPicked}
                disabled={mutation.isPending}
              />
            ) : null}
            {/* Not while the book loads: a saved address would replace a half-typed new one. */}
            {choice === NEW && !book.isLoading ? (
              <fieldset className="mp-offer__fields" disabled={mutation.isPending}>
                <legend>Delivery address</legend>
                <AddressFields field={form.field} idPrefix="offer-address" />
              </fieldset>
            ) : null}
            <p className="lo-muted lo-small">
              The seller sees your address only once you have paid.
            </p>
          </div>
        ) : null}
        {preview ? (
          <FactsList
            aria-label="If the seller accepts"
            layout="table"
            facts={[
              { term: 'Your offer', value: formatListingPrice(preview.itemCents) },
              delivery === 'post'
                ? { term: 'Tracked post', value: formatListingPrice(preview.postageCents) }
                : { term: 'Collection in person', value: formatListingPrice(0) },
              { term: OFFER_TEXTS.fee, value: formatListingPrice(preview.feeCents) },
              {
                term: 'You would pay',
                value: formatListingPrice(preview.totalCents),
                strong: true,
              },
            ]}
          />
        ) : null}
        <p className="lo-muted lo-small">{OFFER_TEXTS.rules}</p>
        <p className="lo-muted lo-small">{OFFER_TEXTS.accepted}</p>
        {serverError && !onFields ? (
          <p role="alert" className="lo-field__error">
            {serverError.message} {alreadyOpen ? <Link to="/offers">See your offers</Link> : null}
          </p>
        ) : null}
        <p className="mp-actions__row">
          <Button type="submit" loading={mutation.isPending}>
            Send offer
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </p>
      </form>
    </Dialog>
  );
}
