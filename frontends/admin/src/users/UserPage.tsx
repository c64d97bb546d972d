import { type AdminUser, type SuspensionDuration } from '@loadout/contracts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  FactsList,
  type FieldErrors,
  focusFirstInvalid,
  SelectField,
  TextAreaField,
  useForm,
} from '@loadout/ui';
import {
  Link,
  useAdminUser,
  useChangeUserRole,
  useParams,
  useReinstateUser,
  useSession,
  useSuspendUser,
} from '@loadout/web';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminLayout } from '../layout/AdminLayout';
import { QueryState } from '../layout/QueryState';
import { UserListings, UserOrders } from './UserActivity';
import { suspensionText } from './user-format';
import { failedTo } from '../layout/failure-toast';

const DURATIONS = [
  { value: '', label: 'Choose…' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'permanent', label: 'Permanently' },
];

interface ActionForm {
  duration: string;
  reason: string;
}
type ActionField = keyof ActionForm;

const reasonError = (reason: string) =>
  reason.trim().length < 5 ? 'Give the reason (at least 5 characters).' : undefined;

/** Suspend (with a length) or reinstate, each with the reason kept in the audit log. */
function SuspensionForm({ user }: { user: AdminUser }) {
  const formRef = useRef<HTMLFormElement>(null);
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  const suspended = user.suspension !== null;
  const form = useForm<ActionForm, ActionField>({ duration: '', reason: '' }, (v) => {
    const errors: FieldErrors<ActionField> = {};
    if (!suspended && !v.duration) errors.duration = 'Choose how long.';
    const reason = reasonError(v.reason);
    if (reason) errors.reason = reason;
    return errors;
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ['duration', 'reason'], form.clientErrors);
      return;
    }
    const reason = form.values.reason.trim();
    const done = (message: string) => () => {
      form.reset();
      toast.success(message);
    };
    if (suspended)
      reinstate.mutate(
        { id: user.id, reason },
        { onSuccess: done('Account reinstated'), onError: failedTo('reinstate the account') },
      );
    else
      suspend.mutate(
        { id: user.id, input: { duration: form.values.duration as SuspensionDuration, reason } },
        {
          onSuccess: done('Account suspended'),
          onError: failedTo('suspend the account'),
        },
      );
  };
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="admin-decision"
      aria-label={suspended ? 'Reinstate the account' : 'Suspend the account'}
    >
      <h2>{suspended ? 'Reinstate' : 'Suspend'}</h2>
      {suspended ? null : (
        <SelectField
          {...form.field('duration')}
          label="Suspend for"
          options={DURATIONS}
          hint="The user is signed out everywhere and cannot sign in; their active listings are hidden. Paid orders continue."
          required
        />
      )}
      <TextAreaField
        {...form.field('reason')}
        label="Reason"
        hint={
          suspended
            ? 'Kept in the audit log.'
            : 'The user reads it when they try to sign in; kept in the audit log.'
        }
        rows={3}
        maxLength={500}
        required
      />
      <Button
        type="submit"
        variant={suspended ? 'primary' : 'danger'}
        loading={suspend.isPending || reinstate.isPending}
      >
        {suspended ? 'Reinstate account' : 'Suspend account'}
      </Button>
    </form>
  );
}

/** Grant or revoke the admin role, after a confirmation with the reason. */
function RoleControl({ user }: { user: AdminUser }) {
  const change = useChangeUserRole();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const granting = user.role !== 'admin';
  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {granting ? 'Make admin' : 'Revoke admin'}
      </Button>
      <ConfirmDialog
        open={open}
        title={
          granting
            ? `Make ${user.displayName} an admin?`
            : `Revoke ${user.displayName}'s admin role?`
        }
        description={
          granting
            ? 'They get the admin role at their next sign-in.'
            : 'They are signed out everywhere and lose access to the admin area.'
        }
        confirmLabel={granting ? 'Make admin' : 'Revoke admin'}
        tone={granting ? 'primary' : 'danger'}
        pending={change.isPending}
        onCancel={close}
        onConfirm={() => {
          const message = reasonError(reason);
          if (message) {
            setError(message);
            return;
          }
          change.mutate(
            { id: user.id, input: { role: granting ? 'admin' : 'user', reason: reason.trim() } },
            {
              onSuccess: () => {
                close();
                toast.success(granting ? 'Admin role granted' : 'Admin role revoked');
              },
              onError: failedTo('change the role'),
            },
          );
        }}
      >
        <TextAreaField
          label="Reason"
          value={reason}
          error={error}
          rows={2}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </ConfirmDialog>
    </>
  );
}

function UserProfile({ user }: { user: AdminUser }) {
  const session = useSession();
  const self = session.status === 'signed-in' && session.user.id === user.id;
  return (
    <>
      <Card as="section" aria-labelledby="user-title">
        <h2 id="user-title">
          {user.displayName} <span className="lo-muted">@{user.username}</span>{' '}
          {user.role === 'admin' ? <Badge tone="info">Admin</Badge> : null}
        </h2>
        <FactsList
          facts={[
            { term: 'Email', value: user.email },
            { term: 'Full name', value: user.fullName },
            { term: 'Email verified', value: user.isVerified ? 'Yes' : 'No' },
            { term: 'Seller type', value: user.sellerType === 'trader' ? 'Trader' : 'Private' },
            { term: 'County', value: user.county ?? '—' },
            {
              term: 'Status',
              value: user.suspension
                ? `${suspensionText(user.suspension)} — ${user.suspension.reason}`
                : 'Active',
            },
            { term: 'Joined', value: new Date(user.createdAt).toLocaleDateString('en-IE') },
            {
              term: 'Listings',
              value: <Link to={`/seller/${encodeURIComponent(user.id)}`}>Seller page</Link>,
            },
          ]}
        />
        {self ? null : <RoleControl user={user} />}
      </Card>
      {self ? (
        <p className="lo-muted">
          This is your account: another admin can suspend it or change its role.
        </p>
      ) : user.role === 'admin' && !user.suspension ? (
        <p className="lo-muted">Revoke the admin role before suspending this account.</p>
      ) : (
        <Card as="section">
          <SuspensionForm key={user.suspension ? 'suspended' : 'active'} user={user} />
        </Card>
      )}
      <UserListings userId={user.id} />
      <UserOrders userId={user.id} />
    </>
  );
}

/** `/admin/users/:id`: one account, its suspension and role, its listings and orders. */
export function UserPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  return (
    <AdminLayout
      title="User"
      description="An account: suspend or reinstate it, set its role, see its listings and orders."
    >
      <p>
        <Link to="/admin/users">Back to users</Link>
      </p>
      <QueryState query={user} label="user">
        {(data) => <UserProfile user={data} />}
      </QueryState>
    </AdminLayout>
  );
}
