import { type OrderRole } from '@loadout/contracts';
import { Card, SelectField } from '@loadout/ui';
import {
  Link,
  formatPrice,
  formatShortDate,
  useAdminUserListings,
  useAdminUserOrders,
} from '@loadout/web';
import { AdminTable } from '../layout/AdminTable';
import { KeysetPager } from '../layout/KeysetPager';
import { QueryState } from '../layout/QueryState';
import { useUrlState } from '../layout/use-url-state';
import { ORDER_STATUS_LABELS } from '../orders/order-format';

const LISTING_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  active: 'Active',
  reserved: 'Reserved',
  sold: 'Sold',
  removed: 'Removed',
  hidden: 'Hidden (suspension)',
};

type Keys = 'listings' | 'orders' | 'role';

/** The user's listings of every status (listings' admin route), keyset pages in the URL. */
export function UserListings({ userId }: { userId: string }) {
  const url = useUrlState<Keys>();
  const cursor = url.get('listings');
  const listings = useAdminUserListings(userId, cursor ?? null);
  return (
    <Card as="section" aria-labelledby="user-listings">
      <h2 id="user-listings">Listings</h2>
      <QueryState query={listings} label="listings">
        {(page) => (
          <>
            <AdminTable
              caption="The user's listings, recently changed first"
              empty={['No listings', 'This user has not listed anything.']}
              columns={['Listing', 'Status', 'Price', 'Changed']}
            >
              {page.items.map((l) => (
                <tr key={l.id}>
                  <th scope="row">
                    <Link to={`/admin/listings?id=${encodeURIComponent(l.id)}`}>{l.title}</Link>
                  </th>
                  <td>{LISTING_STATUS_LABELS[l.status] ?? l.status}</td>
                  <td>{l.priceCents === null ? '—' : formatPrice(l.priceCents)}</td>
                  <td>{formatShortDate(l.updatedAt)}</td>
                </tr>
              ))}
            </AdminTable>
            <KeysetPager
              cursor={cursor}
              nextCursor={page.nextCursor}
              onPage={(next) => url.set({ listings: next })}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

/** The user's purchases or sales (orders' admin route), with a link to each order's lookup. */
export function UserOrders({ userId }: { userId: string }) {
  const url = useUrlState<Keys>();
  const role: OrderRole = url.get('role') === 'seller' ? 'seller' : 'buyer';
  const cursor = url.get('orders');
  const orders = useAdminUserOrders(userId, role, cursor ?? null);
  return (
    <Card as="section" aria-labelledby="user-orders">
      <h2 id="user-orders">Orders</h2>
      <SelectField
        label="Show"
        value={role}
        onChange={(e) => url.set({ role: e.target.value, orders: undefined })}
        options={[
          { value: 'buyer', label: 'Purchases' },
          { value: 'seller', label: 'Sales' },
        ]}
      />
      <QueryState query={orders} label="orders">
        {(page) => (
          <>
            <AdminTable
              caption={role === 'buyer' ? "The user's purchases" : "The user's sales"}
              empty={['No orders', role === 'buyer' ? 'No purchases.' : 'No sales.']}
              columns={['Order', 'Status', 'Total', 'Created']}
            >
              {page.items.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <Link to={`/admin/orders?id=${encodeURIComponent(o.id)}`}>
                      {o.listing.title}
                    </Link>
                  </th>
                  <td>{ORDER_STATUS_LABELS[o.status]}</td>
                  <td>{formatPrice(o.amounts.totalCents)}</td>
                  <td>{formatShortDate(o.createdAt)}</td>
                </tr>
              ))}
            </AdminTable>
            <KeysetPager
              cursor={cursor}
              nextCursor={page.nextCursor}
              onPage={(next) => url.set({ orders: next })}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
