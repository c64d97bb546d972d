import { type OrderStatus } from '@loadout/contracts';
import { Badge } from '@loadout/ui';
import { ORDER_STATUS } from './order-format';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, tone } = ORDER_STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}
