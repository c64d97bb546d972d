import { type AdminUser } from '@loadout/contracts';
import { Badge, Button, TextField } from '@loadout/ui';
import { Link, relativeTime, useAdminUsers } from '@loadout/web';
import { useState } from 'react';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';
import { suspensionText } from './user-format';

function UserTable({ items }: { items: AdminUser[] }) {
  return (
    <AdminTable
      caption="Accounts, newest first"
      empty={['No accounts found', 'Nothing matches this search.']}
      columns={['User', 'Email', 'Role', 'Status', 'Joined']}
    >
      {items.map((u) => (
        <tr key={u.id}>
          <td>
            <Link to={`/admin/users/${encodeURIComponent(u.id)}`}>{u.displayName}</Link>{' '}
            <span className="lo-muted">@{u.username}</span>
          </td>
          <td className="admin-break">{u.email}</td>
          <td>{u.role === 'admin' ? <Badge tone="info">Admin</Badge> : 'User'}</td>
          <td>
            {u.suspension ? (
              <Badge tone="danger">{suspensionText(u.suspension)}</Badge>
            ) : u.isVerified ? (
              'Active'
            ) : (
              'Not verified'
            )}
          </td>
          <td>
            <time dateTime={u.createdAt}>{relativeTime(u.createdAt)}</time>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `/admin/users?q=&cursor=`: find accounts by email, username or display name. */
export function UsersPage() {
  const url = useUrlState<'q'>();
  const q = url.get('q') ?? '';
  const cursor = url.get('cursor');
  const [draft, setDraft] = useState(q);
  const users = useAdminUsers(q, cursor ?? null);
  return (
    <AdminLayout title="Users" description="Find accounts, suspend or reinstate them, set roles.">
      <form
        className="admin-filters"
        role="search"
        aria-label="Search users"
        onSubmit={(event) => {
          event.preventDefault();
          url.set({ q: draft.trim() });
        }}
      >
        <TextField
          label="Email, username or name"
          type="search"
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <QueryState query={users} label="users">
        {(page) => (
          <>
            <UserTable items={page.items} />
            <KeysetPager
              cursor={cursor}
              nextCursor={page.nextCursor}
              onPage={(next) => url.set({ cursor: next })}
            />
          </>
        )}
      </QueryState>
    </AdminLayout>
  );
}
