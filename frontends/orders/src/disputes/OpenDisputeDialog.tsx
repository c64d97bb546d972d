import {
  DISPUTE_REASONS,
  type DisputeReason,
  type DisputeWantedKind,
  type OrderView,
} from '@loadout/contracts';
import {
  Button,
  Dialog,
  RadioGroup,
  SelectField,
  TextAreaField,
  TextField,
  focusFirstInvalid,
  useFocusFirstInvalidLater,
  useForm,
} from '@loadout/ui';
import {
  newIdempotencyKey,
  useNavigate,
  useOpenDispute,
  DISPUTE_REASON_LABELS,
  serverFieldErrors,
} from '@loadout/web';
import { type FormEvent, useMemo, useRef, useState } from 'react';
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

interface DisputeFormValues {
  reason: DisputeReason;
  description: string;
  wanted: DisputeWantedKind;
  amount: string;
}

const INITIAL: DisputeFormValues = {
  reason: 'not_received',
  description: '',
  wanted: 'full_refund',
  amount: '',
};
const FIELDS = ['reason', 'description', 'amount'] as const;
type DisputeField = (typeof FIELDS)[number];
/** The API's field names in a refusal → the form's. */
const SERVER_FIELDS: Record<string, DisputeField> = {
  reason: 'reason',
  description: 'description',
  'wanted.amountCents': 'amount',
};
const SERVER_CODES: Record<string, DisputeField> = { 'DISPUTES.INVALID_AMOUNT': 'amount' };

/** The buyer's dispute form: what went wrong, and what they want. Freezes the release. */
export function OpenDisputeDialog({ order, open, onClose }: OpenDisputeDialogProps) {
  const total = order.amounts.totalCents;
  const checks = useMemo(
    () => ({
      description: (value: string) => (value.trim() ? undefined : 'Describe the problem.'),
      amount: (value: string, values: Readonly<DisputeFormValues>) => {
        if (values.wanted !== 'partial_refund') return undefined;
        const cents = euroToCents(value);
        return cents === null || cents < 1 || cents >= total
          ? `Enter an amount between €0.01 and ${money(total - 1)}.`
          : undefined;
      },
    }),
    [total],
  );
  // A changed wish takes the amount's server error with it.
  const form = useForm<DisputeFormValues, DisputeField>(INITIAL, checks, {
    clears: { wanted: ['amount'] },
  });
  const [key] = useState(newIdempotencyKey);
  const mutation = useOpenDispute();
  const photos = useEvidencePhotos(order.id);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusFirstInvalidLater(formRef, !mutation.isPending);
  const { values } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || photos.uploading) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, FIELDS, form.clientErrors);
      return;
    }
    mutation.mutate(
      {
        id: order.id,
        idempotencyKey: key,
        input: {
          reason: values.reason,
          description: values.description.trim(),
          wanted:
            values.wanted === 'partial_refund'
              ? { kind: values.wanted, amountCents: euroToCents(values.amount)! }
              : { kind: values.wanted },
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
        onError: (error) => {
          const fields = serverFieldErrors(error, SERVER_FIELDS, SERVER_CODES);
          if (Object.keys(fields).length === 0) {
            toast.error('That did not work', { description: error.message });
            return;
          }
          form.setServerErrors(fields);
          focusLater(FIELDS, fields);
        },
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
      <form ref={formRef} className="or-dispute-form" onSubmit={submit} noValidate>
        <SelectField
          label="What went wrong?"
          options={DISPUTE_REASONS.map((r) => ({ value: r, label: DISPUTE_REASON_LABELS[r] }))}
          {...form.field('reason')}
        />
        <TextAreaField
          label="Describe the problem"
          maxLength={2000}
          {...form.field('description')}
        />
        <RadioGroup
          legend="What do you want?"
          name="wanted"
          options={WANTED}
          value={values.wanted}
          onChange={(value) => form.setValue('wanted', value)}
        />
        {values.wanted === 'partial_refund' ? (
          <TextField
            label="Amount back to you (€)"
            inputMode="decimal"
            hint={`You paid ${money(total)}.`}
            {...form.field('amount')}
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
