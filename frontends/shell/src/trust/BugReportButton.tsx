import { type BugSeverity } from '@loadout/contracts';
import {
  Button,
  Dialog,
  type FieldChecks,
  focusFirstInvalid,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from '@loadout/ui';
import { useSession, useSubmitBugReport } from '@loadout/web';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BUG_TEXTS, SEVERITY_OPTIONS, failureReason } from './trust-texts';
import { BugIcon } from '../layout/icons';

interface BugForm {
  description: string;
  severity: BugSeverity;
  email: string;
}

const EMPTY: BugForm = { description: '', severity: 'medium', email: '' };
const FIELDS = ['description', 'email'] as const;

/**
 * The header's "Report a Bug" button and dialog (seed §2): description, severity (medium by
 * default), email only when signed out (seed §5), submitted to the admin service with the page
 * address and the browser; a failure keeps the form and says why (seed §8).
 */
export function BugReportButton() {
  const session = useSession();
  const signedOut = session.status !== 'signed-in';
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const checks: FieldChecks<keyof BugForm, BugForm> = {
    description: (value) => (value.trim() ? undefined : BUG_TEXTS.describe),
    email: (value) => (signedOut && !value.trim() ? BUG_TEXTS.email : undefined),
  };
  const form = useForm(EMPTY, checks);
  const submit = useSubmitBugReport();

  const close = () => {
    setOpen(false);
    form.reset();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, FIELDS, form.clientErrors);
      return;
    }
    submit.mutate(
      {
        description: form.values.description.trim(),
        severity: form.values.severity,
        ...(signedOut ? { email: form.values.email.trim() } : {}),
        pageUrl: window.location.href,
        userAgent: navigator.userAgent.slice(0, 500),
      },
      {
        onSuccess: () => {
          toast.success(BUG_TEXTS.sent, { description: BUG_TEXTS.thanks });
          close();
        },
        onError: (error) => toast.error(BUG_TEXTS.failed, { description: failureReason(error) }),
      },
    );
  };

  return (
    <>
      <Button variant="ghost" size="sm" className="shell-bug" onClick={() => setOpen(true)}>
        <BugIcon className="shell-bug__icon" />
        <span className="shell-bug__text">{BUG_TEXTS.button}</span>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={BUG_TEXTS.title}
        description="Tell us what went wrong. The page address and your browser are sent with it."
        size="sm"
      >
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={BUG_TEXTS.title}>
          <TextAreaField
            {...form.field('description')}
            label="Description"
            rows={5}
            maxLength={5000}
            required
          />
          <SelectField {...form.field('severity')} label="Severity" options={SEVERITY_OPTIONS} />
          {signedOut ? (
            <TextField
              {...form.field('email')}
              label="Email"
              type="email"
              autoComplete="email"
              hint="We only use it to ask about this report."
              required
            />
          ) : null}
          <div className="lo-dialog__footer">
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              Submit Report
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
