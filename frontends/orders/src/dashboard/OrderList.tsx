import { type OrderRole } from '@loadout/contracts';
import { Button, EmptyState, ErrorPanel, Skeleton, buttonClassName } from '@loadout/ui';
import { useOrders, Link } from '@loadout/web';
import { useEffect, useRef } from 'react';
import { OrderCard } from './OrderCard';

const EMPTY: Record<OrderRole, { title: string; text: string; link: string; label: string }> = {
  buyer: {
    title: 'No purchases yet',
    text: 'Items you buy appear here, with their escrow status and deadlines.',
    link: '/marketplace',
    label: 'Browse the marketplace',
  },
  seller: {
    title: 'No sales yet',
    text: 'When someone buys one of your listings, the sale appears here.',
    link: '/sell',
    label: 'Sell an item',
  },
};

/** The caller's orders in one role, newest first; "Load more" moves focus to the first new one. */
export function OrderList({ side }: { side: OrderRole }) {
  const orders = useOrders(side);
  const listRef = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const count = orders.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;

  useEffect(() => {
    if (focusFrom.current === null || focusFrom.current >= count) return;
    const item = listRef.current?.children[focusFrom.current];
    item?.querySelector<HTMLElement>('h2 a')?.focus();
    focusFrom.current = null;
  }, [count]);

  if (orders.isPending)
    return (
      <div role="status" aria-label="Loading orders" className="or-orders">
        <Skeleton width="100%" height="8rem" shape="rect" />
        <Skeleton width="100%" height="8rem" shape="rect" />
      </div>
    );
  if (orders.isError)
    return (
      <ErrorPanel
        title="Your orders could not be loaded"
        message={orders.error.message}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  const items = orders.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    const empty = EMPTY[side];
    return (
      <EmptyState
        title={empty.title}
        description={empty.text}
        action={
          <Link to={empty.link} className={buttonClassName({ variant: 'secondary' })}>
            {empty.label}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ol ref={listRef} className="or-orders" aria-label={side === 'buyer' ? 'Purchases' : 'Sales'}>
        {items.map((order) => (
          <OrderCard key={order.id} order={order} side={side} />
        ))}
      </ol>
      {orders.hasNextPage ? (
        <p className="or-more">
          <Button
            variant="secondary"
            loading={orders.isFetchingNextPage}
            onClick={() => {
              focusFrom.current = items.length;
              void orders.fetchNextPage();
            }}
          >
            Load more
          </Button>
        </p>
      ) : null}
    </>
  );
}
