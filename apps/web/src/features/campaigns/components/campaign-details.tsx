import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isCampaignEnded, type Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { formatAmount, toCentsStrict } from '@pet-haven/shared/money';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { DetailPicture } from '@/components/ui/picture';
import { ProgressBar } from '@/components/ui/progress-bar';
import { DetailsSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { formatCalendarDate } from '@/utils/format-date';
import { useCampaign } from '../api/get-campaign';

// The donation form (card form, payment schemas, toasts, the dialog): loaded when Donate Now is
// first pressed or pointed at, never with the page (decision 022).
const loadDonateModal = () => import('./donate-modal');
const DonateModal = lazy(() => loadDonateModal().then((m) => ({ default: m.DonateModal })));

/** Why a campaign takes no donations now, or null when it does. */
function closedReason(c: Campaign, now = new Date()): string | null {
  if (c.paused) return 'This campaign is paused and is not accepting donations right now.';
  if (isCampaignEnded(c.lastDate, now)) {
    return `This campaign ended on ${formatCalendarDate(c.lastDate)} and no longer accepts donations.`;
  }
  if (toCentsStrict(c.donatedAmount) >= toCentsStrict(c.maxDonationAmount)) {
    return 'This campaign is fully funded. Thank you to everyone who donated!';
  }
  return null;
}

interface CampaignDetailsProps {
  id: string;
  /** A visitor's Donate Now leads to /login and back here. */
  signedIn: boolean;
  /**
   * False while the session is not read yet (a page rendered on the server, then hydrating):
   * Donate Now shows but waits, as it cannot tell a visitor (to /login) from a donor (the form).
   */
  sessionKnown: boolean;
}

/** The campaign details screen: picture, text, amounts, progress, last date and Donate Now. */
export function CampaignDetails({ id, signedIn, sessionKnown }: CampaignDetailsProps) {
  const query = useCampaign(id);
  const [donating, setDonating] = useState(false);
  // mounted from the first opening on, so closing keeps the dialog's own behaviour
  const [donateMounted, setDonateMounted] = useState(false);
  const donateButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  if (query.isPending) return <DetailsSkeleton label="Loading campaign" />;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-2">
        <ErrorText className="text-base">{messages.campaigns.detailsFailed}</ErrorText>
        {isApiError(query.error) && query.error.status === 404 && (
          <p className="text-slate-600 dark:text-slate-300">This campaign does not exist.</p>
        )}
      </div>
    );
  }

  const c = query.data;
  const closed = closedReason(c);
  const raised = formatAmount(c.donatedAmount);
  const target = formatAmount(c.maxDonationAmount);

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <DetailPicture
        src={c.petPicture}
        alt={c.petName}
        className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{c.petName}</h1>
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">
          {c.longDescription}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600 dark:text-slate-300">Target Amount:</dt>
          <dd className="font-semibold tabular-nums">{target}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Raised Amount:</dt>
          <dd className="font-semibold tabular-nums" data-testid="raised-amount">
            {raised}
          </dd>
          <dt className="text-slate-600 dark:text-slate-300">Last date:</dt>
          <dd className="font-semibold">{formatCalendarDate(c.lastDate)}</dd>
        </dl>
        <ProgressBar
          value={c.donatedAmount}
          max={c.maxDonationAmount}
          label="Donation progress"
          valueText={`${raised} of ${target}`}
          showLabel
        />
        {closed ? (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
          >
            {closed}
          </p>
        ) : !sessionKnown ? (
          <Button size="lg" className="self-start" disabled>
            Donate Now
          </Button>
        ) : !signedIn ? (
          <Button
            size="lg"
            className="self-start"
            onClick={() => void navigate('/login', { state: { from: location } })}
          >
            Donate Now
          </Button>
        ) : (
          <>
            <Button
              ref={donateButton}
              size="lg"
              className="self-start"
              aria-haspopup="dialog"
              aria-expanded={donating}
              onPointerEnter={() => void loadDonateModal()}
              onFocus={() => void loadDonateModal()}
              onClick={() => {
                setDonateMounted(true);
                setDonating(true);
              }}
            >
              Donate Now
            </Button>
            {donateMounted && (
              <Suspense fallback={null}>
                <DonateModal
                  campaign={c}
                  open={donating}
                  onOpenChange={setDonating}
                  returnFocusTo={donateButton}
                />
              </Suspense>
            )}
          </>
        )}
      </div>
    </article>
  );
}
