import { type DisputeView } from '@loadout/contracts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  RadioGroup,
  TextAreaField,
  TextField,
  focusFirstInvalid,
  useFocusFirstInvalidLater,
  useForm,
} from '@loadout/ui';
import {
  newIdempotencyKey,
  useAcceptDisputeProposal,
  useConfirmReturn,
  useMarkReturnShipped,
  useDispute,
  usePostDisputeMessage,
  useRespondToDispute,
  useWithdrawDispute,
  DISPUTE_REASON_LABELS,
  serverFieldErrors,
} from '@loadout/web';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime, money } from '../shared/order-format';
import { DISPUTE_STATUS, euroToCents, outcomeText, wantedText } from './dispute-format';
import { DisputePhotoList, EvidencePhotoPicker } from './EvidencePhotos';
import { useEvidencePhotos } from './use-evidence-photos';

export interface DisputeCardProps {
  dispute: DisputeView;
  /** The signed-in user's id: buyer or seller of this dispute. */
  userId: string;
}

type ResponseKind = 'accept' | 'propose_partial' | 'contest';

const DEADLINE_TEXT: Partial<Record<DisputeView['status'], string>> = {
  open: 'The seller must respond by ',
  responded: 'The buyer can accept until ',
  awaiting_return: 'The buyer sends the item back by ',
  return_shipped: 'The seller confirms the return by ',
};

const failed = (error: Error) => toast.error('That did not work', { description: error.message });
const ACTIVE = new Set(['open', 'responded', 'awaiting_return', 'return_shipped', 'escalated']);
const WITHDRAWABLE = new Set(['open', 'responded', 'awaiting_return', 'escalated']);

/** One dispute: what it is about, where it stands, the thread and what the user can do next. */
export function DisputeCard({ dispute: summary, userId }: DisputeCardProps) {
  const [showThread, setShowThread] = useState(false);
  const detail = useDispute(showThread ? summary.id : null);
  const d = detail.data ?? summary;
  const side = d.buyerId === userId ? 'buyer' : 'seller';
  const status = DISPUTE_STATUS[d.status];
  const titleId = `or-dispute-${d.id}`;

  return (
    <Card as="li" className="or-dispute" aria-labelledby={titleId}>
      <h2 id={titleId} className="or-order__title">
        {DISPUTE_REASON_LABELS[d.reason]}{' '}
        <span className="lo-muted lo-small">(order {d.orderId})</span>
      </h2>
      <p className="or-order__meta">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span>{side === 'buyer' ? 'You opened it' : 'Opened by the buyer'}</span>
        <span>
          Opened <time dateTime={d.openedAt}>{formatDateTime(d.openedAt)}</time>
        </span>
      </p>
      <p>{d.description}</p>
      <p className="lo-small">Wanted: {wantedText(d.wanted)}</p>
      {d.response ? (
        <p className="lo-small">
          Seller’s answer:{' '}
          {d.response.kind === 'accept'
            ? 'accepted'
            : d.response.kind === 'propose_partial'
              ? `proposes a refund of ${money(d.response.amountCents ?? 0)}`
              : 'contests it'}
          {d.response.message ? ` — “${d.response.message}”` : null}
        </p>
      ) : null}
      {d.respondBy ? (
        <p className="lo-small">
          {DEADLINE_TEXT[d.status] ?? 'Deadline: '}
          <time dateTime={d.respondBy}>{formatDateTime(d.respondBy)}</time>; after that the Loadout
          team decides.
        </p>
      ) : null}
      {d.outcome ? (
        <p className="lo-small">
          <strong>{outcomeText(d.outcome)}</strong>
          {d.outcome.statement ? ` Reasons: ${d.outcome.statement}` : null}
        </p>
      ) : null}

      <DisputeActions dispute={d} side={side} />

      <Button variant="ghost" onClick={() => setShowThread((v) => !v)} aria-expanded={showThread}>
        {showThread ? 'Hide the thread' : 'Show the thread'}
      </Button>
      {showThread ? <DisputeThread dispute={d} loading={detail.isPending} /> : null}
    </Card>
  );
}

interface ResponseValues {
  kind: ResponseKind | '';
  amount: string;
  message: string;
}

const RESPONSE_FIELDS = ['kind', 'amount', 'message'] as const;
type ResponseField = (typeof RESPONSE_FIELDS)[number];
/** The API's field names in a refusal → the response form's. */
const RESPONSE_SERVER_FIELDS: Record<string, ResponseField> = {
  kind: 'kind',
  amountCents: 'amount',
  message: 'message',
};
const RESPONSE_SERVER_CODES: Record<string, ResponseField> = {
  'DISPUTES.INVALID_AMOUNT': 'amount',
};

/** The seller's answer to an open dispute: accept, propose a partial refund, or contest. */
function ResponseForm({ dispute }: { dispute: DisputeView }) {
  const total = dispute.orderTotalCents;
  const checks = useMemo(
    () => ({
      kind: (value: string) =>
        value ? undefined : 'Choose an answer and write a message to the buyer.',
      amount: (value: string, values: Readonly<ResponseValues>) => {
        if (values.kind !== 'propose_partial') return undefined;
        const cents = euroToCents(value);
        return cents === null || cents < 1 || cents >= total
          ? `Propose between €0.01 and ${money(total - 1)}.`
          : undefined;
      },
      message: (value: string) => (value.trim() ? undefined : 'Write a message to the buyer.'),
    }),
    [total],
  );
  const form = useForm<ResponseValues, ResponseField>(
    { kind: '', amount: '', message: '' },
    checks,
    { clears: { kind: ['kind', 'amount'] } },
  );
  const [key] = useState(newIdempotencyKey);
  const respond = useRespondToDispute();
  const formRef = useRef<HTMLFormElement>(null);
  const { values } = form;

  const focusLater = useFocusFirstInvalidLater(formRef, !respond.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (respond.isPending) return;
    if (!form.validate() || !values.kind) {
      focusFirstInvalid(formRef.current, RESPONSE_FIELDS, form.clientErrors);
      return;
    }
    const kind = values.kind;
    respond.mutate(
      {
        id: dispute.id,
        idempotencyKey: key,
        input: {
          kind,
          message: values.message.trim(),
          ...(kind === 'propose_partial' ? { amountCents: euroToCents(values.amount)! } : {}),
        },
      },
      {
        onSuccess: () => toast.success('Response sent'),
        onError: (error) => {
          const fields = serverFieldErrors(error, RESPONSE_SERVER_FIELDS, RESPONSE_SERVER_CODES);
          if (Object.keys(fields).length === 0) return failed(error);
          form.setServerErrors(fields);
          focusLater(RESPONSE_FIELDS, fields);
        },
      },
    );
  };

  return (
    <form ref={formRef} className="or-dispute-form" onSubmit={submit} noValidate>
      <RadioGroup<ResponseKind>
        legend="Your answer"
        name="kind"
        value={values.kind || null}
        onChange={(value) => form.setValue('kind', value)}
        error={form.errors.kind}
        disabled={respond.isPending}
        options={[
          { value: 'accept', label: `Accept: ${wantedText(dispute.wanted)}` },
          { value: 'propose_partial', label: 'Propose a partial refund' },
          { value: 'contest', label: 'Contest it (the Loadout team decides)' },
        ]}
      />
      {values.kind === 'propose_partial' ? (
        <TextField
          label="Refund to propose (€)"
          inputMode="decimal"
          {...form.field('amount')}
          disabled={respond.isPending}
        />
      ) : null}
      <TextAreaField
        label="Message to the buyer"
        maxLength={2000}
        {...form.field('message')}
        disabled={respond.isPending}
      />
      <Button type="submit" loading={respond.isPending}>
        Send response
      </Button>
    </form>
  );
}

function DisputeActions({ dispute, side }: { dispute: DisputeView; side: 'buyer' | 'seller' }) {
  const [withdrawing, setWithdrawing] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const accept = useAcceptDisputeProposal();
  const withdraw = useWithdrawDispute();
  const returned = useMarkReturnShipped();
  const received = useConfirmReturn();

  return (
    <div className="or-order__actions">
      {side === 'seller' && dispute.status === 'open' ? <ResponseForm dispute={dispute} /> : null}
      {side === 'buyer' && dispute.status === 'responded' && dispute.response?.amountCents ? (
        <Button
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(
              { id: dispute.id, idempotencyKey: key, input: undefined },
              {
                onSuccess: () =>
                  toast.success('Proposal accepted', {
                    description: `${money(dispute.response?.amountCents ?? 0)} comes back to you.`,
                  }),
                onError: failed,
              },
            )
          }
        >
          Accept {money(dispute.response.amountCents)} back
        </Button>
      ) : null}
      {side === 'buyer' && dispute.status === 'awaiting_return' ? (
        <Button
          loading={returned.isPending}
          onClick={() =>
            returned.mutate(
              { id: dispute.id, idempotencyKey: key, input: undefined },
              { onSuccess: () => toast.success('The seller has been told'), onError: failed },
            )
          }
        >
          I have sent it back
        </Button>
      ) : null}
      {side === 'seller' && dispute.status === 'return_shipped' ? (
        <Button
          loading={received.isPending}
          onClick={() =>
            received.mutate(
              { id: dispute.id, idempotencyKey: key, input: undefined },
              {
                onSuccess: () =>
                  toast.success('Return confirmed', {
                    description: 'The buyer is refunded and your listing is for sale again.',
                  }),
                onError: failed,
              },
            )
          }
        >
          The item is back with me
        </Button>
      ) : null}
      {side === 'buyer' && WITHDRAWABLE.has(dispute.status) ? (
        <Button variant="ghost" onClick={() => setWithdrawing(true)} loading={withdraw.isPending}>
          Withdraw the dispute
        </Button>
      ) : null}
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw this dispute?"
        description="Nothing is refunded and the order goes on: the payment is released to the seller at its deadline (at least 3 days from now)."
        confirmLabel="Withdraw"
        cancelLabel="Keep the dispute"
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(
            { id: dispute.id, idempotencyKey: newIdempotencyKey(), input: undefined },
            {
              onSuccess: () => {
                setWithdrawing(false);
                toast.success('Dispute withdrawn');
              },
              onError: (error) => {
                setWithdrawing(false);
                failed(error);
              },
            },
          )
        }
        onCancel={() => setWithdrawing(false)}
      />
    </div>
  );
}

const THREAD_CHECKS = {
  body: (value: string) => (value.trim() ? undefined : 'Write a message.'),
};

function DisputeThread({ dispute, loading }: { dispute: DisputeView; loading: boolean }) {
  const form = useForm({ body: '' }, THREAD_CHECKS);
  const post = usePostDisputeMessage();
  const photos = useEvidencePhotos(dispute.orderId);
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusFirstInvalidLater(formRef, !post.isPending);
  const messages = dispute.messages ?? [];
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending || photos.uploading) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ['body'], form.clientErrors);
      return;
    }
    post.mutate(
      { id: dispute.id, body: form.values.body.trim(), photoIds: photos.readyIds },
      {
        onSuccess: () => {
          form.reset();
          photos.clear();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, { body: 'body' } as const);
          if (!fields.body) return failed(error);
          form.setServerErrors(fields);
          focusLater(['body'], fields);
        },
      },
    );
  };
  return (
    <section aria-label="Dispute thread" className="or-dispute__thread">
      {loading ? <p className="lo-muted lo-small">Loading the thread…</p> : null}
      <DisputePhotoList
        disputeId={dispute.id}
        photos={dispute.photos ?? []}
        label="Photos with the dispute"
      />
      {!loading && messages.length === 0 ? (
        <p className="lo-muted lo-small">No messages yet.</p>
      ) : null}
      <ol className="or-dispute__messages">
        {messages.map((m, i) => (
          <li key={m.id}>
            <strong>
              {m.authorRole === 'admin'
                ? 'Loadout team'
                : m.authorRole === 'buyer'
                  ? 'Buyer'
                  : 'Seller'}
            </strong>{' '}
            <time dateTime={m.at} className="lo-muted lo-small">
              {formatDateTime(m.at)}
            </time>
            <p>{m.body}</p>
            <DisputePhotoList
              disputeId={dispute.id}
              photos={m.photos ?? []}
              label={`Photos of message ${i + 1}`}
            />
          </li>
        ))}
      </ol>
      {ACTIVE.has(dispute.status) ? (
        <form ref={formRef} onSubmit={send} className="or-dispute-form" noValidate>
          <TextAreaField label="Write in the thread" maxLength={2000} {...form.field('body')} />
          <EvidencePhotoPicker photos={photos} />
          <Button
            type="submit"
            variant="secondary"
            loading={post.isPending}
            disabled={photos.uploading}
          >
            Send
          </Button>
        </form>
      ) : null}
    </section>
  );
}
