import { type OwnProfile } from '@loadout/contracts';
import { Button, Dialog, TextField } from '@loadout/ui';
import { dataExportFileName, saveDataExport, useDataExport, useDeleteAccount } from '@loadout/web';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorCode, errorMessage, errorStatus } from '../api/errors';
import { useAccountSession } from '../use-account-session';

export const PRIVACY_TEXTS = {
  download: 'Download my data',
  downloading: 'Preparing your data…',
  downloaded: 'Your data has been downloaded',
  downloadFailed: 'Your data could not be downloaded',
  partial:
    'Some services could not be reached; the file says which. Try again later for a full copy.',
  delete: 'Delete my account',
  deleteTitle: 'Delete your account?',
  confirmLabel: 'Type your username to confirm',
  confirmMismatch: 'Type your username exactly as shown.',
  deleted: 'Your account has been deleted',
  deleteFailed: 'Your account could not be deleted',
} as const;

/**
 * GDPR self-service on `/profile` (issue 26, ADR 0039): "Download my data" saves one JSON file
 * with a part per service; "Delete my account" asks for the username again, says why it is
 * refused (an order holding money, a dispute, an offer), and signs out once it is done.
 */
export function PrivacySettings({ profile }: { profile: OwnProfile }) {
  const exporter = useDataExport();
  const [open, setOpen] = useState(false);
  const statusId = useId();

  const download = () => {
    if (exporter.isPending) return;
    exporter.mutate(undefined, {
      onSuccess: (archive) => {
        saveDataExport(archive, dataExportFileName(profile.username, archive.generatedAt));
        const partial = Object.values(archive.services).some((p) => p.status !== 'ok');
        if (partial)
          toast.warning(PRIVACY_TEXTS.downloaded, { description: PRIVACY_TEXTS.partial });
        else toast.success(PRIVACY_TEXTS.downloaded);
      },
      onError: (error) =>
        toast.error(PRIVACY_TEXTS.downloadFailed, {
          description: errorMessage(error, 'Please try again later.'),
        }),
    });
  };

  return (
    <div className="account-privacy">
      <p>
        Get a copy of everything Loadout holds about you — profile, addresses, listings, orders,
        offers, disputes, messages, reviews, notifications and reports you made — as one
        machine-readable JSON file.
      </p>
      <div className="account-actions">
        <Button
          variant="secondary"
          onClick={download}
          loading={exporter.isPending}
          aria-describedby={statusId}
        >
          {PRIVACY_TEXTS.download}
        </Button>
      </div>
      <p id={statusId} role="status" className="lo-muted" aria-live="polite">
        {exporter.isPending ? PRIVACY_TEXTS.downloading : ''}
      </p>
      <p>
        Deleting your account erases your profile, addresses and saved settings, withdraws your
        listings and signs you out. Completed orders are kept with their amounts and dates, as the
        law requires, without your address. It cannot be undone.
      </p>
      <div className="account-actions">
        <Button variant="danger" onClick={() => setOpen(true)}>
          {PRIVACY_TEXTS.delete}
        </Button>
      </div>
      {open && <DeleteAccountDialog username={profile.username} onClose={() => setOpen(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { logout } = useAccountSession();
  const remove = useDeleteAccount();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const formId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (typed.trim().toLowerCase() !== username.toLowerCase()) {
      setFieldError(PRIVACY_TEXTS.confirmMismatch);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    setRefusal(null);
    remove.mutate(
      { confirmUsername: typed },
      {
        onSuccess: () => {
          toast.success(PRIVACY_TEXTS.deleted);
          void logout();
        },
        onError: (error) => {
          if (errorCode(error) === 'IDENTITY.DELETION_CONFIRMATION_MISMATCH') {
            setFieldError(PRIVACY_TEXTS.confirmMismatch);
            inputRef.current?.focus();
            return;
          }
          const message = errorMessage(error, 'Please try again later.');
          // A refusal with a reason (409) stays in the dialog; anything else is a toast too.
          setRefusal(message);
          if (errorStatus(error) !== 409)
            toast.error(PRIVACY_TEXTS.deleteFailed, { description: message });
        },
      },
    );
  };

  return (
    <Dialog
      open
      size="sm"
      title={PRIVACY_TEXTS.deleteTitle}
      description={`This erases your profile and signs you out. Type ${username} to confirm.`}
      initialFocusRef={inputRef}
      onClose={remove.isPending ? undefined : onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={remove.isPending}>
            {PRIVACY_TEXTS.delete}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextField
          ref={inputRef}
          label={PRIVACY_TEXTS.confirmLabel}
          name="confirmUsername"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={fieldError}
          required
        />
        {refusal && (
          <p role="alert" className="account-privacy__refusal">
            {refusal}
          </p>
        )}
      </form>
    </Dialog>
  );
}
