import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useImperativeHandle, useState, type Ref } from 'react';
import { ErrorText } from '@/components/ui/error-text';
import type { CardFormHandle } from './card-form';

/**
 * The card form when the server uses Stripe: Stripe Elements' card field, confirmed in the
 * browser with confirmCardPayment. This module (and Stripe.js) loads only in that case.
 */
const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

interface StripeCardFormProps {
  publishableKey: string;
  ref: Ref<CardFormHandle>;
  disabled?: boolean;
}

export function StripeCardForm({ publishableKey, ref, disabled }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardField ref={ref} disabled={disabled} />
    </Elements>
  );
}

function CardField({ ref, disabled }: { ref: Ref<CardFormHandle>; disabled?: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const dark = typeof document !== 'undefined' && document.body.classList.contains('dark-theme');

  useImperativeHandle(ref, () => ({
    validate() {
      if (!stripe || !elements) {
        setError('The card form is still loading.');
        return false;
      }
      if (!complete) {
        setError(error ?? 'Please enter your card details.');
        return false;
      }
      return true;
    },
    async confirm({ clientSecret }) {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { kind: 'failed' };
      try {
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card },
        });
        if (result.error) {
          return result.error.type === 'card_error' || result.error.type === 'validation_error'
            ? { kind: 'declined', reason: result.error.message ?? 'Your card was declined.' }
            : { kind: 'failed', reason: result.error.message };
        }
        return result.paymentIntent.status === 'succeeded'
          ? { kind: 'succeeded' }
          : { kind: 'failed' };
      } catch {
        return { kind: 'failed' };
      }
    },
  }));

  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-800 dark:text-slate-200">Card details</span>
      <div className="rounded-lg border border-slate-300 bg-white px-3 py-3 dark:border-slate-600 dark:bg-slate-900">
        <CardElement
          options={{
            disabled,
            hidePostalCode: true,
            style: {
              base: {
                fontSize: '15px',
                color: dark ? '#f1f5f9' : '#0f172a',
                '::placeholder': { color: dark ? '#64748b' : '#94a3b8' },
              },
            },
          }}
          onChange={(e) => {
            setComplete(e.complete);
            setError(e.error?.message);
          }}
        />
      </div>
      <ErrorText live={false}>{error}</ErrorText>
    </div>
  );
}
