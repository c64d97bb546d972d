import { type OrderView, type PayOrderRequest } from '@loadout/contracts';
import { isApiError, newIdempotencyKey, useOrder, usePayOrder } from '@loadout/web';
import { useEffect, useRef, useState } from 'react';

export type PaymentPhase = 'idle' | 'submitting' | 'confirming' | 'paid';

export const PAYMENT_TEXTS = {
  submitting: 'Sending your payment…',
  confirming: 'Confirming your payment with the card processor…',
  paid: 'Payment confirmed.',
  failed: 'The payment failed. Nothing was charged; please try again.',
} as const;

/**
 * One payment attempt at a time: `start` sends `POST orders/{id}/pay` with a fresh
 * Idempotency-Key, then the order is polled until the processor's answer arrives (paid, or a
 * payment error that leaves the order payable). A second `start` while one runs is ignored.
 */
export function usePayment(orderId: string | null) {
  const pay = usePayOrder();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);

  const order = useOrder(orderId, {
    pollWhile: (o) =>
      phase === 'confirming' && o.status === 'pending_payment' && !o.lastPaymentError,
  });

  const current: OrderView | undefined = order.data;
  useEffect(() => {
    if (phase !== 'confirming' || !current) return;
    if (current.status !== 'pending_payment') {
      busy.current = false;
      setPhase(current.status === 'paid' || current.status === 'shipped' ? 'paid' : 'idle');
    } else if (current.lastPaymentError) {
      busy.current = false;
      setFailure(current.lastPaymentError.message || PAYMENT_TEXTS.failed);
      setPhase('idle');
    }
  }, [phase, current]);

  const start = (input: PayOrderRequest, onAccepted?: (clientSecret: string | null) => void) => {
    if (!orderId || busy.current) return;
    busy.current = true;
    setFailure(null);
    setPhase('submitting');
    pay.mutate(
      { orderId, input, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ payment }) => {
          if (payment.status === 'failed') {
            busy.current = false;
            setFailure(payment.failureMessage || PAYMENT_TEXTS.failed);
            setPhase('idle');
            return;
          }
          onAccepted?.(payment.clientSecret ?? null);
          setPhase('confirming');
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'ORDERS.PAYMENT_IN_PROGRESS') {
            setPhase('confirming');
            return;
          }
          busy.current = false;
          setFailure(error.message || PAYMENT_TEXTS.failed);
          setPhase('idle');
        },
      },
    );
  };

  /** A failure outside the pay call (e.g. Stripe refused the card in the browser). */
  const fail = (message: string) => {
    busy.current = false;
    setFailure(message);
    setPhase('idle');
  };

  /** The browser confirmed the payment itself (Stripe): wait for the processor's event. */
  const awaitConfirmation = () => {
    busy.current = true;
    setFailure(null);
    setPhase('confirming');
  };

  /** Blocks a second submit between the click and the answer (Stripe's own confirm call). */
  const claim = () => {
    if (busy.current) return false;
    busy.current = true;
    setFailure(null);
    setPhase('submitting');
    return true;
  };

  return { order, phase, failure, start, fail, claim, awaitConfirmation, busy: phase !== 'idle' };
}
