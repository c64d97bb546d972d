import { EmptyState } from '@loadout/ui';
import { type ReactNode } from 'react';

/**
 * A table of the admin area: scrolls sideways on small screens, named by its caption (for
 * screen readers), an empty state instead of an empty table.
 */
export function AdminTable({
  caption,
  columns,
  empty,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** Shown instead of the table when there are no rows: [title, description]. */
  empty?: readonly [string, string];
  children: ReactNode[];
}) {
  if (empty && children.length === 0) return <EmptyState title={empty[0]} description={empty[1]} />;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="lo-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
