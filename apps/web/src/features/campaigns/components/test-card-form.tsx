import { useImperativeHandle, useState, type Ref } from 'react';
import { messages } from '@pet-haven/shared/messages';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { confirmTestPayment } from '../api/confirm-test-payment';
import type { CardFormHandle } from './card-form';

interface Fields {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

const empty: Fields = { cardNumber: '', expMonth: '', expYear: '', cvc: '' };

const required: Record<keyof Fields, string> = {
  cardNumber: 'Card number is required',
  expMonth: 'Expiry month is required',
  expYear: 'Expiry year is required',
  cvc: 'CVC is required',
};

/**
 * The built-in test provider's card form ('Test mode: no real charge'): posts the card to
 * POST /api/test-payments/{id}/confirm, which checks it like a processor (Stripe's test cards).
 */
export function TestCardForm({ ref, disabled }: { ref: Ref<CardFormHandle>; disabled?: boolean }) {
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});

  useImperativeHandle(ref, () => ({
    validate() {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const key of Object.keys(required) as (keyof Fields)[]) {
        if (!fields[key].trim()) next[key] = required[key];
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    async confirm({ paymentIntentId, clientSecret }) {
      try {
        await confirmTestPayment(paymentIntentId, {
          clientSecret,
          cardNumber: fields.cardNumber.trim(),
          expMonth: Number(fields.expMonth),
          expYear: Number(fields.expYear),
          cvc: fields.cvc.trim(),
        });
        return { kind: 'succeeded' };
      } catch (err) {
        if (!isApiError(err)) return { kind: 'failed' };
        // 402: the card was declined; 400: the card details are not valid (e.g. not a number).
        if (err.status === 402) return { kind: 'declined', reason: err.message };
        if (err.status === 400) {
          return { kind: 'declined', reason: err.issues[0]?.message ?? err.message };
        }
        // An expired or canceled payment: start a new one.
        if (err.status === 409) return { kind: 'failed', reason: err.message, restart: true };
        return { kind: 'failed', reason: err.isNetworkError ? err.message : undefined };
      }
    },
  }));

  const field = (key: keyof Fields) => ({
    value: fields[key],
    disabled,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setFields((f) => ({ ...f, [key]: value }));
      setErrors((er) => ({ ...er, [key]: undefined }));
    },
  });

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <legend className="px-1 text-sm font-semibold text-amber-900 dark:text-amber-200">
        {messages.payment.testMode}
      </legend>
      <p className="text-xs text-amber-900 dark:text-amber-200">
        Use 4242 4242 4242 4242 with any future expiry date and any 3-digit CVC.
      </p>
      <FormField label="Card number" error={errors.cardNumber} required>
        <Input
          {...field('cardNumber')}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <FormField label="Expiry month" error={errors.expMonth} required>
          <Input
            {...field('expMonth')}
            name="expMonth"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
          />
        </FormField>
        <FormField label="Expiry year" error={errors.expYear} required>
          <Input
            {...field('expYear')}
            name="expYear"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="YYYY"
            maxLength={4}
          />
        </FormField>
        <FormField label="CVC" error={errors.cvc} required>
          <Input
            {...field('cvc')}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
