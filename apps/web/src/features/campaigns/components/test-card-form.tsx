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

/** Each field: its label, its message when empty, and the input's hints. */
const cardFields: Record<
  keyof Fields,
  { label: string; required: string; autoComplete: string; placeholder: string; maxLength: number }
> = {
  cardNumber: {
    label: 'Card number',
    required: 'Card number is required',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
    maxLength: 23,
  },
  expMonth: {
    label: 'Expiry month',
    required: 'Expiry month is required',
    autoComplete: 'cc-exp-month',
    placeholder: 'MM',
    maxLength: 2,
  },
  expYear: {
    label: 'Expiry year',
    required: 'Expiry year is required',
    autoComplete: 'cc-exp-year',
    placeholder: 'YYYY',
    maxLength: 4,
  },
  cvc: {
    label: 'CVC',
    required: 'CVC is required',
    autoComplete: 'cc-csc',
    placeholder: '123',
    maxLength: 4,
  },
};

/**
 * The built-in test provider's card form ('Test mode: no real charge'): posts the card to
 * POST /api/test-payments/{id}/confirm, which checks it like a processor (Stripe's test cards)
 * and records the donation as it charges (its answer is the recording).
 */
export function TestCardForm({ ref, disabled }: { ref: Ref<CardFormHandle>; disabled?: boolean }) {
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});

  useImperativeHandle(ref, () => ({
    validate() {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const key of Object.keys(cardFields) as (keyof Fields)[]) {
        if (!fields[key].trim()) next[key] = cardFields[key].required;
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    async confirm({ paymentIntentId, clientSecret }) {
      try {
        const { created, donatedAmount } = await confirmTestPayment(paymentIntentId, {
          clientSecret,
          cardNumber: fields.cardNumber.trim(),
          expMonth: Number(fields.expMonth),
          expYear: Number(fields.expYear),
          cvc: fields.cvc.trim(),
        });
        return { kind: 'succeeded', recorded: { created, donatedAmount } };
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

  const cardField = (key: keyof Fields) => {
    const { label, autoComplete, placeholder, maxLength } = cardFields[key];
    return (
      <FormField label={label} error={errors[key]} required>
        <Input
          value={fields[key]}
          disabled={disabled}
          onChange={(e) => {
            const value = e.target.value;
            setFields((f) => ({ ...f, [key]: value }));
            setErrors((er) => ({ ...er, [key]: undefined }));
          }}
          name={key}
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      </FormField>
    );
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <legend className="px-1 text-sm font-semibold text-amber-900 dark:text-amber-200">
        {messages.payment.testMode}
      </legend>
      <p className="text-xs text-amber-900 dark:text-amber-200">
        Use 4242 4242 4242 4242 with any future expiry date and any 3-digit CVC.
      </p>
      {cardField('cardNumber')}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {cardField('expMonth')}
        {cardField('expYear')}
        {cardField('cvc')}
      </div>
    </fieldset>
  );
}
