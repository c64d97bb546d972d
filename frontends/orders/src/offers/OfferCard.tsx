import { OFFER_MESSAGE_MAX, type OfferView } from '@loadout/contracts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  TextAreaField,
  TextField,
  buttonClassName,
  focusFirstInvalid,
  useFocusFirstInvalidLater,
  useForm,
} from '@loadout/ui';
import {
  Link,
  euroToCents,
  newIdempotencyKey,
  useAcceptOffer,
  useCounterOffer,
  useDeclineOffer,
  useNavigate,
  useWithdrawOffer,
  serverFieldErrors,
} from '@loadout/web';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime, money } from '../shared/order-format';
import { OFFER_STATUS, closedText, statusLabel, stepText, timeLeft } from './offer-format';

const failed = (error: Error) => toast.error('That did not work', { description: error.message });

/** The time left, re-rendered every 30 seconds while the offer runs. */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="or-offer__countdown">
      <time dateTime={expiresAt} title={formatDateTime(expiresAt)}>
        {timeLeft(expiresAt, now)}
      </time>
    </span>
  );
}

const checkoutOf = (o: OfferView) =>
  `/checkout/${encodeURIComponent(o.listingId)}?order=${encodeURIComponent(o.orderId ?? '')}`;

/** One offer: the item, where it stands, the time left, the thread and what the user can do. */
export function OfferCard({ offer: o }: { offer: OfferView }) {
  const status = OFFER_STATUS[o.status];
  const titleId = `or-offer-${o.id}`;
  const running = o.awaiting !== null;
  return (
    <Card as="li" className="or-offer" aria-labelledby={titleId}>
      <h3 id={titleId} className="or-order__title">
        <Link to={`/listing/${encodeURIComponent(o.listingId)}`}>{o.listingTitle}</Link>
      </h3>
      <p className="or-order__meta">
        <Badge tone={status.tone}>{statusLabel(o)}</Badge>
        <span>
          {o.status === 'accepted' ? 'Agreed' : 'On the table'}:{' '}
          <strong>{money(o.amountCents)}</strong>{' '}
          <span className="lo-muted">(asking {money(o.askingCents)})</span>
        </span>
        <span>{o.delivery === 'post' ? 'Tracked post' : 'Collection in person'}</span>
        {running ? <Countdown expiresAt={o.expiresAt} /> : null}
      </p>
      <OfferActions offer={o} />
      <details className="or-offer__thread">
        <summary>The offer’s steps ({o.steps.length})</summary>
        <ol aria-label="Steps of this offer">
          {o.steps.map((s, i) => (
            <li key={i}>
              <strong>{stepText(s, o.role, o.closedReason)}</strong>{' '}
              <time className="lo-muted lo-small" dateTime={s.at}>
                {formatDateTime(s.at)}
              </time>
              {s.message ? <p className="lo-small">“{s.message}”</p> : null}
            </li>
          ))}
        </ol>
      </details>
    </Card>
  );
}

function OfferActions({ offer: o }: { offer: OfferView }) {
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirm, setConfirm] = useState<'accept' | 'decline' | 'withdraw' | null>(null);
  const [countering, setCountering] = useState(false);
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const withdraw = useWithdrawOffer();
  const navigate = useNavigate();
  const myTurn = o.awaiting === o.role;
  const busy = accept.isPending || decline.isPending || withdraw.isPending;
  const done = () => {
    setConfirm(null);
    setKey(newIdempotencyKey());
  };

  if (o.status === 'accepted' && o.orderId) {
    const until = o.payBy ? ` until ${formatDateTime(o.payBy)}` : '';
    if (o.orderStatus === 'expired' || o.orderStatus === 'cancelled')
      return (
        <p className="or-actions lo-small">
          {o.orderStatus === 'expired'
            ? 'The order was not paid in time and expired; the item went back on sale.'
            : 'The order was cancelled; the item went back on sale.'}
        </p>
      );
    if (o.orderStatus !== null && o.orderStatus !== 'pending_payment')
      return (
        <p className="or-actions">
          <Link
            to={o.role === 'buyer' ? '/buyer-dashboard' : '/seller-dashboard'}
            className={buttonClassName({ variant: 'secondary' })}
          >
            {o.role === 'buyer' ? 'See the order in My Purchases' : 'See the order in My Sales'}
          </Link>
        </p>
      );
    return o.role === 'buyer' ? (
      <p className="or-actions">
        <Link to={checkoutOf(o)} className={buttonClassName({})}>
          Pay {money(o.amountCents)} now
        </Link>
        <span className="lo-muted lo-small">
          It is reserved for you{until}: pay by then or it goes back on sale.
        </span>
      </p>
    ) : (
      <p className="or-actions">
        <Link to="/seller-dashboard" className={buttonClassName({ variant: 'secondary' })}>
          See the order in My Sales
        </Link>
        <span className="lo-muted lo-small">Reserved for the buyer{until} while they pay.</span>
      </p>
    );
  }
  if (o.status === 'closed' && o.role === 'buyer' && o.closedReason === 'listing_removed')
    return (
      <p className="or-actions lo-small">
        Your offer was closed: {closedText(o.closedReason, o.role)}.
      </p>
    );
  if (o.status === 'closed' && o.role === 'buyer' && o.closedReason !== 'buyer_checked_out')
    return (
      <p className="or-actions lo-small">
        Your offer was closed: {closedText(o.closedReason, o.role)}. If that sale falls through, the
        listing comes back and you can{' '}
        <Link to={`/listing/${encodeURIComponent(o.listingId)}`}>make a new offer</Link>.
      </p>
    );
  if (o.awaiting === null) return null;

  const run = () => {
    const vars = { id: o.id, idempotencyKey: key, input: undefined };
    if (confirm === 'accept')
      accept.mutate(vars, {
        onSuccess: ({ orderId }) => {
          done();
          if (o.role === 'buyer') {
            toast.success('Counter-offer accepted', {
              description: 'Pay now to complete the purchase.',
            });
            void navigate(
              `/checkout/${encodeURIComponent(o.listingId)}?order=${encodeURIComponent(orderId)}`,
            );
          } else
            toast.success('Offer accepted', {
              description: 'The item is reserved for the buyer until they pay.',
            });
        },
        onError: failed,
      });
    if (confirm === 'decline')
      decline.mutate(vars, {
        onSuccess: () => {
          done();
          toast.success('Declined');
        },
        onError: failed,
      });
    if (confirm === 'withdraw')
      withdraw.mutate(vars, {
        onSuccess: () => {
          done();
          toast.success('Offer withdrawn');
        },
        onError: failed,
      });
  };

  const acceptLabel = o.role === 'seller' ? 'Accept offer' : 'Accept counter-offer';
  return (
    <div className="or-offer__actions">
      <p className="or-actions">
        {myTurn ? (
          <>
            <Button onClick={() => setConfirm('accept')} disabled={busy}>
              {acceptLabel}
            </Button>
            {o.role === 'seller' ? (
              <Button
                variant="secondary"
                onClick={() => setCountering((v) => !v)}
                aria-expanded={countering}
                disabled={busy}
              >
                Counter
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setConfirm('decline')} disabled={busy}>
              Decline
            </Button>
          </>
        ) : null}
        {o.role === 'buyer' ? (
          <Button variant="ghost" onClick={() => setConfirm('withdraw')} disabled={busy}>
            Withdraw offer
          </Button>
        ) : null}
      </p>
      {countering ? <CounterForm offer={o} onDone={() => setCountering(false)} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'accept'
            ? `${acceptLabel} of ${money(o.amountCents)}?`
            : confirm === 'decline'
              ? 'Decline this offer?'
              : 'Withdraw your offer?'
        }
        description={
          confirm === 'accept'
            ? o.role === 'seller'
              ? 'An order is created at this price and the item is reserved for the buyer until they pay.'
              : 'An order is created at this price, reserved for you; you pay it next.'
            : confirm === 'decline'
              ? 'The negotiation ends. The buyer may make a new offer.'
              : 'The seller is told. You may make a new offer later.'
        }
        confirmLabel={
          confirm === 'accept' ? 'Accept' : confirm === 'decline' ? 'Decline' : 'Withdraw'
        }
        pending={busy}
        onConfirm={run}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

interface CounterValues {
  amount: string;
  message: string;
}

const COUNTER_FIELDS = ['amount', 'message'] as const;
/** The API's field names in a refusal → the form's. */
const COUNTER_SERVER_FIELDS = { amountCents: 'amount', message: 'message' } as const;

/** The seller's counter: a price above the offer, at most the asking price, and a message. */
function CounterForm({ offer: o, onDone }: { offer: OfferView; onDone: () => void }) {
  const checks = useMemo(
    () => ({
      amount: (value: string) => {
        const cents = euroToCents(value);
        return cents === null || cents <= o.amountCents || cents > o.askingCents
          ? `Enter an amount above ${money(o.amountCents)} and at most ${money(o.askingCents)}.`
          : undefined;
      },
    }),
    [o.amountCents, o.askingCents],
  );
  const form = useForm<CounterValues>({ amount: '', message: '' }, checks);
  const [key] = useState(newIdempotencyKey);
  const counter = useCounterOffer();
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusFirstInvalidLater(formRef, !counter.isPending);
  // The form opens below the button: its first field takes the focus.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (counter.isPending) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, COUNTER_FIELDS, form.clientErrors);
      return;
    }
    counter.mutate(
      {
        id: o.id,
        idempotencyKey: key,
        input: {
          amountCents: euroToCents(form.values.amount)!,
          message: form.values.message.trim() || null,
        },
      },
      {
        onSuccess: () => {
          toast.success('Counter-offer sent', { description: 'The buyer has 48 hours to answer.' });
          onDone();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, COUNTER_SERVER_FIELDS);
          if (Object.keys(fields).length === 0) return failed(error);
          form.setServerErrors(fields);
          focusLater(COUNTER_FIELDS, fields);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="or-offer__counter"
      onSubmit={submit}
      noValidate
      aria-label="Counter-offer"
    >
      <TextField
        label="Your price (€)"
        inputMode="decimal"
        hint={`The buyer offered ${money(o.amountCents)}; your asking price is ${money(o.askingCents)}.`}
        {...form.field('amount')}
        disabled={counter.isPending}
      />
      <TextAreaField
        label="Message (optional)"
        maxLength={OFFER_MESSAGE_MAX}
        {...form.field('message')}
        disabled={counter.isPending}
      />
      <p className="or-actions">
        <Button type="submit" loading={counter.isPending}>
          Send counter-offer
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </p>
    </form>
  );
}
