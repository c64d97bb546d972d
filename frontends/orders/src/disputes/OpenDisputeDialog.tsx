import {
  DISPUTE_REASONS,
  type DisputeReason,
  type DisputeWantedKind,
  type OrderView,
} from '@loadout/contracts';
import { Button, Dialog, RadioGroup, SelectField, TextAreaField, TextField } from '@loadout/ui';
import {
  newIdempotencyKey,
  useNavigate,
  useOpenDispute,
  DISPUTE_REASON_LABELS,
} from '@loadout/web';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { money } from '../shared/order-format';
import { euroToCents } from './dispute-format';
import { EvidencePhotoPicker } from './EvidencePhotos';
import { useEvidencePhotos } from './use-evidence-photos';

export interface OpenDisputeDialogProps {
  order: OrderView;
  open: boolean;
  onClose: () => void;
}

const WANTED: { value: DisputeWantedKind; label: string }[] = [
  { value: 'full_refund', label: 'A full refund' },
  { value: 'partial_refund', label: 'A partial refund' },
  { value: 'return_and_refund', label: 'Return the item for a refund' },
];

/** The buyer's dispute form: what went wrong, and what they want. Freezes the release. */
export function OpenDisputeDialog({ order, open, onClose }: OpenDisputeDialogProps) {
  const [reason, setReason] = useState<DisputeReason>('not_received');
  const [description, setDescription] = useState('');
  const [wanted, setWanted] = useState<DisputeWantedKind>('full_refund');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const mutation = useOpenDispute();
  const photos = useEvidencePhotos(order.id);
  const navigate = useNavigate();

  const cents = euroToCents(amount);
  const total = order.amounts.totalCents;
  const errors = {
    description: description.trim() ? null : 'Describe the problem.',
    amount:
      wanted !== 'partial_refund'
        ? null
        : cents === null || cents < 1 || cents >= total
          ? `Enter an amount between €0.01 and ${money(total - 1)}.`
          : null,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.description || errors.amount || mutation.isPending || photos.uploading) return;
    mutation.mutate(
      {
        id: order.id,
        idempotencyKey: key,
        input: {
          reason,
          description: description.trim(),
          wanted:
            wanted === 'partial_refund' ? { kind: wanted, amountCents: cents! } : { kind: wanted },
          ...(photos.readyIds.length > 0 ? { photoIds: photos.readyIds } : {}),
        },
      },
      {
        onSuccess: () => {
          photos.clear();
          toast.success('Dispute opened', {
            description: 'The payment stays in escrow. The seller has 3 days to respond.',
          });
          onClose();
          void navigate('/disputes');
        },
        onError: (error) => toast.error('That did not work', { description: error.message }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Open a dispute"
      description={`About ${order.listing.title}. The automatic release of ${money(order.amounts.sellerReceivesCents)} to the seller stops until it is settled.`}
    >
      <form className="or-dispute-form" onSubmit={submit} noValidate>
        <SelectField
          label="What went wrong?"
          value={reason}
          onChange={(e) => setReason(e.target.value as DisputeReason)}
          options={DISPUTE_REASONS.map((r) => ({ value: r, label: DISPUTE_REASON_LABELS[r] }))}
        />
        <TextAreaField
          label="Describe the problem"
          value={description}
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
          error={submitted ? errors.description : null}
        />
        <RadioGroup
          legend="What do you want?"
          options={WANTED}
          value={wanted}
          onChange={setWanted}
        />
        {wanted === 'partial_refund' ? (
          <TextField
            label="Amount back to you (€)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={`You paid ${money(total)}.`}
            error={submitted ? errors.amount : null}
          />
        ) : null}
        <EvidencePhotoPicker photos={photos} label="Photos of the problem (optional)" />
        <div className="or-dispute-form__actions">
          <Button type="submit" loading={mutation.isPending} disabled={photos.uploading}>
            Open dispute
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            Not now
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
