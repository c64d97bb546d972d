import { type Stripe, type StripeElements } from '@stripe/stripe-js';
import { Button, ErrorPanel, Spinner } from '@loadout/ui';
import { newIdempotencyKey, usePayOrder } from '@loadout/web';
import { type FormEvent, useEffect, useRef, useState } from 'react';

export interface StripePaymentProps {
  orderId: string;
  publishableKey: string;
  payLabel: string;
  busy: boolean;
  /** Returns false when a payment is already under way. */
  claim: () => boolean;
  onConfirmed: () => void;
  onFailed: (message: string) => void;
}

/**
 * Stripe's Payment Element (loaded only on this path, so the simulated default never downloads
 * Stripe.js). The PaymentIntent comes from `POST orders/{id}/pay`; the browser confirms it and
 * the order turns paid when Stripe's webhook reaches the orders service.
 */
export function StripePayment({
  orderId,
  publishableKey,
  payLabel,
  busy,
  claim,
  onConfirmed,
  onFailed,
}: StripePaymentProps) {
  const pay = usePayOrder();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    pay.mutate(
      { orderId, input: {}, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ payment }) => {
          const clientSecret = payment.clientSecret;
          if (!clientSecret) {
            setProblem(payment.failureMessage || 'The payment could not be prepared.');
            return;
          }
          const mount = async () => {
            const { loadStripe } = await import('@stripe/stripe-js');
            const loaded = await loadStripe(publishableKey);
            if (!loaded || !mountRef.current) {
              setProblem('Stripe could not be loaded. Check your connection and try again.');
              return;
            }
            const elements = loaded.elements({ clientSecret, appearance: { theme: 'night' } });
            elements.create('payment').mount(mountRef.current);
            setStripe({ stripe: loaded, elements });
          };
          mount().catch(() =>
            setProblem('Stripe could not be loaded. Check your connection and try again.'),
          );
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }, [orderId, publishableKey, pay]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !claim()) return;
    const { error } = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: `${window.location.origin}/purchase-success?order=${encodeURIComponent(orderId)}`,
      },
    });
    if (error) onFailed(error.message ?? 'Your card was declined.');
    else onConfirmed();
  };

  if (problem) return <ErrorPanel title="Payment unavailable" message={problem} headingLevel={3} />;
  return (
    <form className="or-card-form" onSubmit={(e) => void submit(e)} aria-label="Card details">
      <div ref={mountRef} className="or-stripe-element" />
      {!stripe ? <Spinner label="Loading the secure payment form" /> : null}
      <Button type="submit" size="lg" block loading={busy} disabled={!stripe}>
        {payLabel}
      </Button>
    </form>
  );
}

export default StripePayment;
