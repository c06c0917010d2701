import { formatAmount } from '@pet-haven/shared/money';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format-date';
import { useReceipt } from '../api/get-receipt';

/**
 * A donation's receipt, as the receipt mail says it, ready to print (the site's navigation and the
 * dashboard menu are hidden in print). Only its donor can open it.
 */
export function ReceiptView({ id }: { id: string }) {
  const receipt = useReceipt(id);
  if (receipt.isPending) return <Skeleton className="h-64 w-full max-w-xl" />;
  if (receipt.isError) {
    return (
      <ErrorText>
        {isApiError(receipt.error) && receipt.error.status === 404
          ? 'Receipt not found.'
          : 'Failed to load the receipt. Please try again.'}
      </ErrorText>
    );
  }
  const r = receipt.data;
  const facts: [string, string][] = [
    ['Receipt number', r.number],
    ['Date', formatDateTime(r.date)],
    ['Amount', `${formatAmount(r.amount)} ${r.currency}`],
    ['Campaign', r.petName],
    ['Organiser', r.organiser],
    ['Donor', `${r.donorName} (${r.donorEmail})`],
    ['Payment reference', r.paymentReference],
    ['Payment provider', r.provider === 'stripe' ? 'Stripe' : 'Pet Haven test provider'],
  ];
  return (
    <article
      aria-labelledby="receipt-title"
      className="max-w-xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 print:border-0 print:p-0 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 print:dark:bg-white print:dark:text-black"
    >
      <header className="space-y-1">
        <p className="text-sm font-semibold text-brand-700 dark:text-accent-300 print:text-black">
          Pet Haven
        </p>
        <h3 id="receipt-title" className="text-xl font-bold">
          Donation receipt {r.number}
        </h3>
        {r.testMode && (
          <p className="rounded-md bg-amber-100 px-2 py-1 text-sm text-amber-950">
            Test mode: this payment was taken by the test provider and no money moved.
          </p>
        )}
        {r.refunded && (
          <p className="rounded-md bg-red-100 px-2 py-1 text-sm text-red-900">
            Refunded: this payment was returned to the donor.
          </p>
        )}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-300 print:text-black">
              {term}
            </dt>
            <dd className="break-all tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">Thank you for your donation.</p>
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => window.print()}>Print</Button>
        <Link
          to="/dashboard/payment"
          className="inline-flex h-10 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          Back to My Donations
        </Link>
      </div>
    </article>
  );
}
