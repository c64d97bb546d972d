import { type OrdersConfig } from '../orders.config';
import { type PaymentProvider } from './payment-provider.port';
import { SimulatedPaymentProvider } from './simulated/simulated-payment.provider';
import { stripeSettings } from './stripe/stripe-client';
import { StripePaymentProvider } from './stripe/stripe-payment.provider';

/** The configured adapter of the payment port (`PAYMENTS_PROVIDER`). */
export function createPaymentProvider(config: OrdersConfig): PaymentProvider {
  switch (config.PAYMENTS_PROVIDER) {
    case 'simulated':
      return new SimulatedPaymentProvider(config.SIMULATED_PAYMENT_DELAY_MS);
    case 'stripe':
      return new StripePaymentProvider(stripeSettings(config));
  }
}
