import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { toast } from 'sonner';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import {
  type Cents,
  formatAmount,
  formatCents,
  parseMoneyInput,
  toCentsStrict,
} from '@pet-haven/shared/money';
import {
  createPaymentBodySchema,
  MIN_DONATION,
  type CreatePaymentAnswer,
  type CreatePaymentBody,
} from '@pet-haven/shared/payments';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError, isRefusal } from '@/lib/api-client';
import { createPayment, createPaymentBody } from '../api/create-payment';
import { usePaymentConfig } from '../api/get-payment-config';
import { useRecordDonation, useShowRecordedDonation } from '../api/record-donation';
import type { CardConfirmResult, CardFormHandle } from './card-form';
import { TestCardForm } from './test-card-form';

// Stripe.js and Elements load only when this server really uses Stripe.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

interface DonateModalProps {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Donate Now button: it gets the focus back when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Donate Now: amount, the provider's card form, Pay and Close (spec section 2). */
export function DonateModal({ campaign, open, onOpenChange, returnFocusTo }: DonateModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={`Donate to ${campaign.petName}`}
      description="Enter an amount and your card. The donation is recorded once the payment succeeds."
    >
      <DonateForm campaign={campaign} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

interface Failure {
  title: string;
  reason?: string;
}

/** The server's sentence for a failed call, shown under the spec's title. */
const serverReason = (err: unknown) => (isApiError(err) ? err.message : undefined);

function remainingCents(c: Campaign): Cents {
  return Math.max(0, toCentsStrict(c.maxDonationAmount) - toCentsStrict(c.donatedAmount));
}

/**
 * The donation typed in the amount field: its integer cents and the API body, or the reason it
 * is refused (none for an empty field). The body's rules (minimum...) are the shared schema's.
 */
function donationOf(
  text: string,
  campaignId: string,
): { ok: true; cents: Cents; body: CreatePaymentBody } | { ok: false; reason?: string } {
  const input = parseMoneyInput(text, 'Donation amount');
  if (!input.ok) return { ok: false, reason: input.empty ? undefined : input.error };
  const parsed = createPaymentBodySchema.safeParse(createPaymentBody(campaignId, input.cents));
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message };
  return { ok: true, cents: input.cents, body: parsed.data };
}

function DonateForm({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const config = usePaymentConfig();
  const record = useRecordDonation();
  const showRecorded = useShowRecordedDonation();
  const cardForm = useRef<CardFormHandle>(null);
  // A declined payment can be retried with another card: keep its intent while the amount stays.
  const openIntent = useRef<{ cents: Cents; intent: CreatePaymentAnswer } | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);

  // Paying disables the fields (Pay keeps the focus while busy: Button), so a payment sent with
  // Enter from a field dropped the keyboard focus onto the dialog itself, where Shift+Tab went
  // nowhere. When paying ends in a failure (the dialog stays open), the focus goes back to Pay,
  // beside the message.
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (ended && failure && !formRef.current?.contains(document.activeElement)) {
      payRef.current?.focus();
    }
  }, [busy, failure]);

  // Open on the amount, the first thing a donor types. After the dialog's own focus handling
  // (not autoFocus, so that closing the dialog still gives focus back to Donate Now).
  useEffect(() => {
    const frame = requestAnimationFrame(() => amountRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  async function pay(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFailure(null);

    // Spec section 5: a non-empty valid amount, the campaign id and a loaded provider.
    const donation = donationOf(amount, campaign._id);
    if (!donation.ok || !cardForm.current) {
      setFailure({
        title: messages.payment.invalidAmount,
        reason: donation.ok ? undefined : donation.reason,
      });
      return;
    }
    if (!cardForm.current.validate()) return;
    const { cents, body } = donation;

    setBusy(true);
    try {
      let intent = openIntent.current?.cents === cents ? openIntent.current.intent : null;
      let result: CardConfirmResult = { kind: 'failed' };
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!intent) {
          try {
            intent = await createPayment(body);
          } catch (err) {
            // A refusal says why (e.g. how much remains); anything else is a processing failure.
            setFailure(
              isRefusal(err)
                ? { title: err.message }
                : { title: messages.payment.processingFailed, reason: serverReason(err) },
            );
            return;
          }
          openIntent.current = { cents, intent };
        }
        result = await cardForm.current.confirm(intent);
        if (result.kind === 'failed' && result.restart && attempt === 0) {
          openIntent.current = null;
          intent = null;
          continue;
        }
        break;
      }
      if (result.kind === 'declined') {
        setFailure({ title: messages.payment.failed, reason: result.reason });
        return;
      }
      if (result.kind === 'failed' || !intent) {
        setFailure({
          title: messages.payment.processingFailed,
          reason: result.kind === 'failed' ? result.reason : undefined,
        });
        return;
      }

      openIntent.current = null;
      if (result.recorded) {
        // the card form's provider recorded it as it charged: nothing left to report
        showRecorded(campaign._id, result.recorded);
      } else {
        const recordBody = {
          donationId: campaign._id,
          amount: body.donationAmount,
          paymentIntentId: intent.paymentIntentId,
        };
        try {
          await record.mutateAsync(recordBody).catch((err: unknown) => {
            // Recording is idempotent: one retry when the server could not be reached.
            if (isApiError(err) && (err.isNetworkError || err.status >= 500)) {
              return record.mutateAsync(recordBody);
            }
            throw err;
          });
        } catch (err) {
          setFailure({ title: messages.payment.processingFailed, reason: serverReason(err) });
          return;
        }
      }
      toast.success(messages.payment.thanks);
      onDone();
    } finally {
      setBusy(false);
    }
  }

  const remaining = remainingCents(campaign);
  const payments = config.data;

  return (
    <form
      ref={formRef}
      onSubmit={pay}
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={failure ? failureId : undefined}
    >
      <FormField
        label="Donation amount (USD)"
        hint={`From ${formatAmount(MIN_DONATION)} up to ${formatCents(remaining)}, what remains to reach the target.`}
        required
      >
        <Input
          name="donationAmount"
          ref={amountRef}
          inputMode="decimal"
          autoComplete="off"
          placeholder="25"
          value={amount}
          disabled={busy}
          onChange={(e) => {
            setAmount(e.target.value);
            setFailure(null);
          }}
        />
      </FormField>

      {config.isPending && (
        <div role="status" aria-label="Loading the card form" className="flex flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {config.isError && (
        <ErrorText>The card form could not be loaded. Please try again later.</ErrorText>
      )}
      {payments?.provider === 'test' && <TestCardForm ref={cardForm} disabled={busy} />}
      {payments?.provider === 'stripe' && payments.publishableKey && (
        <Suspense fallback={<Skeleton className="h-12 w-full" />}>
          <StripeCardForm ref={cardForm} publishableKey={payments.publishableKey} disabled={busy} />
        </Suspense>
      )}

      <div id={failureId}>
        {failure && (
          <ErrorText>
            {failure.title}
            {failure.reason && (
              <>
                <br />
                <span className="font-medium">{failure.reason}</span>
              </>
            )}
          </ErrorText>
        )}
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <Button variant="secondary" disabled={busy}>
            Close
          </Button>
        </ModalClose>
        <Button type="submit" loading={busy} ref={payRef}>
          Pay
        </Button>
      </div>
    </form>
  );
}
