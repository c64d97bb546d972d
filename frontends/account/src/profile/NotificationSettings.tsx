import { Button, Checkbox, ErrorPanel, Skeleton } from '@loadout/ui';
import {
  type EmailPreferences,
  useEmailPreferences,
  useUpdateEmailPreferences,
} from '@loadout/web';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../api/errors';

export const NOTIFICATION_SETTINGS_TEXTS = {
  saved: 'Notification settings saved',
  saveFailed: 'Notification settings could not be saved',
  loadFailed: 'Your notification settings could not be loaded',
} as const;

type Choices = Pick<EmailPreferences, 'messages' | 'favourites'>;

function SettingsForm({ userId, saved }: { userId: string; saved: EmailPreferences }) {
  const [choices, setChoices] = useState<Choices>({
    messages: saved.messages,
    favourites: saved.favourites,
  });
  const update = useUpdateEmailPreferences(userId);
  const changed = choices.messages !== saved.messages || choices.favourites !== saved.favourites;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !changed) return;
    update.mutate(choices, {
      onSuccess: () => toast.success(NOTIFICATION_SETTINGS_TEXTS.saved),
      onError: (error) =>
        toast.error(NOTIFICATION_SETTINGS_TEXTS.saveFailed, {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Notification settings"
      className="account-form"
    >
      <fieldset className="account-fieldset">
        <legend>Email me about</legend>
        <Checkbox
          label="Orders"
          hint="Payments, shipping and delivery. Always sent."
          checked
          disabled
        />
        <Checkbox
          label="Account security"
          hint="Email verification and password resets. Always sent."
          checked
          disabled
        />
        <Checkbox
          label="New messages"
          hint="One email per conversation until you read it."
          checked={choices.messages}
          onChange={(e) => setChoices((c) => ({ ...c, messages: e.target.checked }))}
        />
        <Checkbox
          label="Favourites on my listings"
          hint="At most one email per listing a day."
          checked={choices.favourites}
          onChange={(e) => setChoices((c) => ({ ...c, favourites: e.target.checked }))}
        />
      </fieldset>
      <p className="lo-muted">
        In-app notifications under the bell are always on. Every optional email has an unsubscribe
        link.
      </p>
      <div className="account-actions">
        <Button type="submit" loading={update.isPending} disabled={!changed}>
          Save notification settings
        </Button>
      </div>
    </form>
  );
}

/** The "Notification settings" section of `/profile`: which optional emails to receive. */
export function NotificationSettings({ userId }: { userId: string }) {
  const prefs = useEmailPreferences(userId);
  if (prefs.isPending) {
    return (
      <div role="status" aria-label="Loading notification settings">
        <Skeleton width="100%" height="8rem" shape="rect" />
      </div>
    );
  }
  if (prefs.isError) {
    return (
      <ErrorPanel
        headingLevel={3}
        title={NOTIFICATION_SETTINGS_TEXTS.loadFailed}
        message={errorMessage(prefs.error, 'Please try again.')}
        onRetry={() => void prefs.refetch()}
        retrying={prefs.isFetching}
      />
    );
  }
  return (
    <SettingsForm
      key={`${prefs.data.messages}-${prefs.data.favourites}`}
      userId={userId}
      saved={prefs.data}
    />
  );
}
