import { GAME_TYPE_LABELS, IRISH_COUNTIES, type FieldDto } from '@loadout/contracts';
import { Badge, SelectField, buttonClassName } from '@loadout/ui';
import { Link, relativeTime, useFieldsAdminPage } from '@loadout/web';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';

function FieldTable({ items }: { items: FieldDto[] }) {
  return (
    <AdminTable
      caption="Playing fields by name"
      empty={['No fields', 'No playing field matches this filter.']}
      columns={['Name', 'County', 'Game types', 'Updated']}
    >
      {items.map((f) => (
        <tr key={f.id}>
          <td>
            <Link to={`/admin/fields/${encodeURIComponent(f.id)}`}>{f.name}</Link>{' '}
            {f.isExample ? <Badge tone="neutral">Example</Badge> : null}
          </td>
          <td>{f.county}</td>
          <td>{f.gameTypes.map((g) => GAME_TYPE_LABELS[g]).join(', ')}</td>
          <td>
            <time dateTime={f.updatedAt}>{relativeTime(f.updatedAt)}</time>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `/admin/fields?county=&cursor=`: the playing fields, to add, edit or delete. */
export function FieldsPage() {
  const url = useUrlState<'county'>();
  const county = url.get('county');
  const cursor = url.get('cursor');
  const fields = useFieldsAdminPage(county, cursor ?? null);
  return (
    <AdminLayout title="Fields" description="Add, edit or delete playing fields.">
      <div className="admin-filters">
        <form aria-label="Filter fields" onSubmit={(e) => e.preventDefault()}>
          <SelectField
            label="County"
            value={county ?? ''}
            onChange={(e) => url.set({ county: e.target.value })}
            options={[
              { value: '', label: 'All counties' },
              ...IRISH_COUNTIES.map((c) => ({ value: c, label: c })),
            ]}
          />
        </form>
        <Link to="/admin/fields/new" className={buttonClassName({ variant: 'primary' })}>
          Add a field
        </Link>
      </div>
      <QueryState query={fields} label="fields">
        {(page) => (
          <>
            <FieldTable items={page.items} />
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
