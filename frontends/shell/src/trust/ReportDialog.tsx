import { type ReportReason, type ReportReceiptDto } from '@loadout/contracts';
import {
  Button,
  Checkbox,
  Dialog,
  type FieldErrors,
  focusFirstInvalid,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from '@loadout/ui';
import { type ReportSubject, useReportRequests, useSession, useSubmitReport } from '@loadout/web';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BUG_TEXTS, REPORT_REASON_OPTIONS, REPORT_TEXTS, failureReason } from './trust-texts';

interface ReportForm {
  reason: ReportReason | '';
  details: string;
  email: string;
  goodFaith: boolean;
}

type ReportField = 'reason' | 'details' | 'email' | 'goodFaith';
const FIELDS: readonly ReportField[] = ['reason', 'details', 'email', 'goodFaith'];
const EMPTY: ReportForm = { reason: '', details: '', email: '', goodFaith: false };
const REASONS = [{ value: '', label: 'Choose a reason' }, ...REPORT_REASON_OPTIONS];

function Receipt({ receipt, onClose }: { receipt: ReportReceiptDto; onClose: () => void }) {
  return (
    <div role="status" className="shell-report-receipt">
      <p>
        <strong>{REPORT_TEXTS.received}.</strong> Your reference is{' '}
        <strong className="shell-report-reference">{receipt.reference}</strong>. An administrator
        will review it and we will tell you the outcome and the reasons for it.
      </p>
      <div className="lo-dialog__footer">
        <Button onClick={onClose}>Close</Button>
      </div>
    </div>
  );
}

function ReportFormBody({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const session = useSession();
  const signedOut = session.status !== 'signed-in';
  const formRef = useRef<HTMLFormElement>(null);
  const [receipt, setReceipt] = useState<ReportReceiptDto | null>(null);
  const form = useForm<ReportForm, ReportField>(EMPTY, (v) => {
    const errors: FieldErrors<ReportField> = {};
    if (!v.reason) errors.reason = REPORT_TEXTS.needReason;
    if (v.details.trim().length < 10) errors.details = REPORT_TEXTS.needDetails;
    if (signedOut && !v.email.trim()) errors.email = BUG_TEXTS.email;
    if (!v.goodFaith) errors.goodFaith = REPORT_TEXTS.needGoodFaith;
    return errors;
  });
  const submit = useSubmitReport();

  if (receipt) return <Receipt receipt={receipt} onClose={onClose} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, FIELDS, form.clientErrors);
      return;
    }
    submit.mutate(
      {
        subjectType: subject.type,
        subjectId: subject.id,
        ...(subject.conversationId ? { conversationId: subject.conversationId } : {}),
        reason: form.values.reason as ReportReason,
        details: form.values.details.trim(),
        ...(signedOut ? { reporterEmail: form.values.email.trim() } : {}),
        goodFaith: true,
      },
      {
        onSuccess: (answer) => {
          setReceipt(answer);
          toast.success(REPORT_TEXTS.received, { description: `Reference ${answer.reference}` });
        },
        onError: (error) => toast.error(REPORT_TEXTS.failed, { description: failureReason(error) }),
      },
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={REPORT_TEXTS.title(subject.type)}
    >
      <SelectField {...form.field('reason')} label="Reason" options={REASONS} required />
      <TextAreaField
        {...form.field('details')}
        label="What is wrong?"
        rows={4}
        maxLength={2000}
        hint="Facts help us decide quickly: what you saw and where."
        required
      />
      {signedOut ? (
        <TextField
          {...form.field('email')}
          label="Your email"
          type="email"
          autoComplete="email"
          hint="We send the receipt and the outcome here."
          required
        />
      ) : null}
      <Checkbox
        name="goodFaith"
        label={REPORT_TEXTS.goodFaith}
        checked={form.values.goodFaith}
        error={form.errors.goodFaith}
        onChange={(event) => form.setValue('goodFaith', event.target.checked)}
      />
      <div className="lo-dialog__footer">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={submit.isPending}>
          Send report
        </Button>
      </div>
    </form>
  );
}

/**
 * The one report dialog (DSA art. 16 notice): the remotes' "Report" buttons ask for it with
 * `requestReport(...)` of `@loadout/web`; the receipt shows its reference.
 */
export function ReportDialog() {
  const { subject, close } = useReportRequests();
  return (
    <Dialog
      open={subject !== null}
      onClose={close}
      title={subject ? REPORT_TEXTS.title(subject.type) : ''}
      description={subject ? <>About: {subject.label}</> : undefined}
      size="sm"
    >
      {subject ? (
        <ReportFormBody key={`${subject.type}:${subject.id}`} subject={subject} onClose={close} />
      ) : null}
    </Dialog>
  );
}
