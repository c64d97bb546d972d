import { type OrderView } from '@loadout/contracts';
import { formatDateTime, timelineText } from './order-format';

interface Step {
  key: string;
  text: string;
  at: string | null;
  state: 'done' | 'next' | 'later';
}

/** What has happened (the order's timeline) and what comes next with its deadline. */
export function orderSteps(order: OrderView, perspective: 'buyer' | 'seller'): Step[] {
  const done: Step[] = order.timeline.map((entry, i) => ({
    key: `${i}-${entry.status}`,
    text: timelineText(entry.status, entry.actor),
    at: entry.at,
    state: 'done',
  }));
  const next: Step[] = [];
  const you = (who: 'buyer' | 'seller') => perspective === who;
  switch (order.status) {
    case 'pending_payment':
      next.push({
        key: 'pay',
        text: order.payBy
          ? `${you('buyer') ? 'Pay' : 'The buyer pays'} by ${formatDateTime(order.payBy)}, or the order expires`
          : 'Waiting for the payment',
        at: null,
        state: 'next',
      });
      break;
    case 'paid':
      next.push({
        key: 'ship',
        text: `${you('seller') ? 'Ship' : 'The seller ships'}${
          order.shipBy ? ` by ${formatDateTime(order.shipBy)}` : ''
        }, or the order is cancelled and ${you('buyer') ? 'you get' : 'the buyer gets'} a full refund`,
        at: null,
        state: 'next',
      });
      next.push({
        key: 'release',
        text: `${you('buyer') ? 'You confirm' : 'The buyer confirms'} delivery and the money is released to the seller; without a confirmation or a dispute it is released automatically 14 days after shipping`,
        at: null,
        state: 'later',
      });
      break;
    case 'shipped':
      next.push({
        key: 'release',
        text: `${you('buyer') ? 'Confirm' : 'The buyer confirms'} delivery to release the money${
          order.autoReleaseAt
            ? `; it is released automatically on ${formatDateTime(order.autoReleaseAt)} unless ${
                you('buyer') ? 'you open' : 'the buyer opens'
              } a dispute`
            : ''
        }`,
        at: null,
        state: 'next',
      });
      break;
    case 'completed':
    case 'cancelled':
    case 'refunded':
    case 'partially_refunded':
    case 'expired':
    case 'disputed':
      break;
  }
  return [...done, ...next];
}

export interface OrderTimelineProps {
  order: OrderView;
  perspective: 'buyer' | 'seller';
  /** Accessible name of the list. */
  label?: string;
}

/** The escrow timeline: done steps with their time, then the next step with its deadline. */
export function OrderTimeline({
  order,
  perspective,
  label = 'Order timeline',
}: OrderTimelineProps) {
  return (
    <ol className="or-timeline" aria-label={label}>
      {orderSteps(order, perspective).map((step) => (
        <li key={step.key} className={`or-timeline__step or-timeline__step--${step.state}`}>
          <span className="or-timeline__text">
            {step.state === 'done' ? null : (
              <span className="lo-visually-hidden">
                {step.state === 'next' ? 'Next: ' : 'Then: '}
              </span>
            )}
            {step.text}
          </span>
          {step.at ? (
            <time className="or-timeline__at" dateTime={step.at}>
              {formatDateTime(step.at)}
            </time>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
