import { type DisputeView } from '@loadout/contracts';
import {
  Button,
  Card,
  FactsList,
  focusFirstInvalid,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from '@loadout/ui';
import {
  Link,
  formatPrice,
  formatShortDate,
  newIdempotencyKey,
  useDecideDispute,
  useDispute,
  useParams,
  usePostDisputeMessage,
  DISPUTE_REASON_LABELS,
} from '@loadout/web';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminLayout } from '../layout/AdminLayout';
import { QueryState } from '../layout/QueryState';
import { failedTo } from '../layout/failure-toast';
import { EvidencePhotos } from './EvidencePhotos';
import {
  DISPUTE_STATUS_LABELS,
  OUTCOME_LABELS,
  type DecisionField,
  type DecisionValues,
  checkDecision,
  outcomeText,
  wantedText,
} from './dispute-format';

const FIELDS: readonly DecisionField[] = ['outcome', 'amount', 'statement'];

/** Release, full or partial refund (euros → cents), with the statement both parties receive. */
function DisputeDecisionForm({ dispute }: { dispute: DisputeView }) {
  const formRef = useRef<HTMLFormElement>(null);
  const decide = useDecideDispute();
  // One key per form: a retried click after a lost answer is not a second decision.
  const [key] = useState(newIdempotencyKey);
  const form = useForm<DecisionValues, DecisionField>(
    { outcome: '', amount: '', statement: '' },
    (v) => checkDecision(v, dispute.orderTotalCents).errors,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { request } = checkDecision(form.values, dispute.orderTotalCents);
    if (!form.validate() || !request) {
      focusFirstInvalid(formRef.current, FIELDS, form.clientErrors);
      return;
    }
    decide.mutate(
      { id: dispute.id, input: request, idempotencyKey: key },
      {
        onSuccess: () =>
          toast.success('Dispute decided', {
            description: 'The money moves now; both parties receive your reasons.',
          }),
        onError: failedTo('decide the dispute'),
      },
    );
  };
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="admin-decision"
      aria-label="Decide the dispute"
    >
      <SelectField
        {...form.field('outcome')}
        label="Outcome"
        options={[
          { value: '', label: 'Choose…' },
          ...Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label })),
        ]}
        required
      />
      {form.values.outcome === 'partial_refund' ? (
        <TextField
          {...form.field('amount')}
          label="Refund to the buyer (€)"
          inputMode="decimal"
          hint={`Less than the order's total of ${formatPrice(dispute.orderTotalCents)}; the rest goes to the seller.`}
          required
        />
      ) : null}
      <TextAreaField
        {...form.field('statement')}
        label="Statement of reasons"
        hint="The facts and the rule you relied on. Sent to the buyer and the seller, and posted in the thread."
        rows={5}
        maxLength={2000}
        required
      />
      <Button type="submit" loading={decide.isPending}>
        Record the decision
      </Button>
    </form>
  );
}

/** An admin writes in the dispute's thread (both parties see it). */
function ThreadReply({ disputeId }: { disputeId: string }) {
  const post = usePostDisputeMessage();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) {
      setError('Write a message.');
      return;
    }
    post.mutate(
      { id: disputeId, body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          toast.success('Message posted');
        },
        onError: failedTo('post the message'),
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Write in the thread"
      className="admin-decision"
    >
      <TextAreaField
        label="Message to both parties"
        value={body}
        error={error}
        rows={3}
        maxLength={2000}
        onChange={(e) => {
          setBody(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" loading={post.isPending}>
        Post message
      </Button>
    </form>
  );
}

function DisputeDetails({ dispute }: { dispute: DisputeView }) {
  const open = !['resolved', 'withdrawn'].includes(dispute.status);
  return (
    <div className="admin-case">
      <Card as="section" aria-labelledby="dispute-facts">
        <h2 id="dispute-facts">
          {dispute.origin === 'chargeback' ? 'Chargeback' : 'Dispute'} on order{' '}
          <Link to={`/admin/orders?id=${encodeURIComponent(dispute.orderId)}`}>
            {dispute.orderId}
          </Link>
        </h2>
        <FactsList
          facts={[
            { term: 'Status', value: DISPUTE_STATUS_LABELS[dispute.status] },
            { term: 'Reason', value: DISPUTE_REASON_LABELS[dispute.reason] },
            { term: 'The buyer wants', value: wantedText(dispute.wanted) },
            { term: 'Order total', value: formatPrice(dispute.orderTotalCents) },
            {
              term: 'Buyer',
              value: (
                <Link to={`/admin/users/${encodeURIComponent(dispute.buyerId)}`}>
                  {dispute.buyerId}
                </Link>
              ),
            },
            {
              term: 'Seller',
              value: (
                <Link to={`/admin/users/${encodeURIComponent(dispute.sellerId)}`}>
                  {dispute.sellerId}
                </Link>
              ),
            },
            { term: 'Opened', value: formatShortDate(dispute.openedAt) },
            dispute.outcome ? { term: 'Outcome', value: outcomeText(dispute.outcome) } : null,
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="dispute-evidence">
        <h2 id="dispute-evidence">Evidence</h2>
        <h3>The buyer</h3>
        <p className="admin-quote">{dispute.description}</p>
        <EvidencePhotos
          disputeId={dispute.id}
          photos={dispute.photos}
          label="The buyer's evidence photos"
        />
        <h3>The seller</h3>
        {dispute.response ? (
          <>
            <p>
              {dispute.response.kind === 'contest'
                ? 'Contested'
                : dispute.response.kind === 'accept'
                  ? 'Accepted'
                  : `Proposed a refund of ${formatPrice(dispute.response.amountCents ?? 0)}`}
            </p>
            <p className="admin-quote">{dispute.response.message}</p>
          </>
        ) : (
          <p className="lo-muted">No answer from the seller.</p>
        )}
        {dispute.outcome?.statement ? (
          <>
            <h3>Statement of reasons</h3>
            <p className="admin-quote">{dispute.outcome.statement}</p>
          </>
        ) : null}
      </Card>
      <Card as="section" aria-labelledby="dispute-thread">
        <h2 id="dispute-thread">Thread</h2>
        {(dispute.messages ?? []).length === 0 ? (
          <p className="lo-muted">No messages yet.</p>
        ) : (
          <ol className="admin-list">
            {(dispute.messages ?? []).map((m) => (
              <li key={m.id}>
                <p>
                  <strong>
                    {m.authorRole === 'admin'
                      ? 'Loadout team'
                      : m.authorRole === 'buyer'
                        ? 'Buyer'
                        : 'Seller'}
                  </strong>{' '}
                  · {formatShortDate(m.at)}
                </p>
                <p className="admin-quote">{m.body}</p>
                <EvidencePhotos
                  disputeId={dispute.id}
                  photos={m.photos}
                  label={`Photos of the message of ${formatShortDate(m.at)}`}
                />
              </li>
            ))}
          </ol>
        )}
        {open ? <ThreadReply disputeId={dispute.id} /> : null}
      </Card>
      {dispute.status === 'escalated' ? (
        <Card as="section" aria-labelledby="dispute-decide">
          <h2 id="dispute-decide">Decide</h2>
          <DisputeDecisionForm dispute={dispute} />
        </Card>
      ) : null}
    </div>
  );
}

/** `/admin/disputes/:id`: evidence, thread, amounts and the decision form. */
export function DisputePage() {
  const { id = '' } = useParams();
  const dispute = useDispute(id);
  return (
    <AdminLayout title="Dispute" description="A dispute's evidence, thread and decision.">
      <p>
        <Link to="/admin/disputes">Back to the queue</Link>
      </p>
      <QueryState query={dispute} label="dispute">
        {(data) => <DisputeDetails dispute={data} />}
      </QueryState>
    </AdminLayout>
  );
}
