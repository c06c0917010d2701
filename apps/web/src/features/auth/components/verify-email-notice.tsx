import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { sendVerificationEmail } from '../api/send-verification-email';
import { useAuth } from '../hooks/use-auth';

interface VerifyEmailNoticeProps {
  /** What the user wanted to do, to finish "To ..., confirm your e-mail address first." */
  action: string;
}

/**
 * Why a signed-in user whose e-mail is not verified cannot list a pet, create a campaign or ask to
 * adopt (the server refuses it too, 403 EMAIL_NOT_VERIFIED), with a button that mails the link again.
 */
export function VerifyEmailNotice({ action }: VerifyEmailNoticeProps) {
  const { user } = useAuth();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  if (!user) return null;
  const resend = async () => {
    setState('sending');
    setFailure(null);
    const result = await sendVerificationEmail(user.email);
    setState(result ? 'idle' : 'sent');
    setFailure(result?.message ?? null);
  };
  return (
    <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-slate-900 dark:text-amber-100">
      <p className="font-semibold">Confirm your e-mail address</p>
      <p>
        To {action}, confirm your e-mail address first: open the link we sent to{' '}
        <strong>{user.email}</strong>.
      </p>
      {state === 'sent' ? (
        <p role="status">A new link is on its way. Check your inbox and your spam folder.</p>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          loading={state === 'sending'}
          onClick={() => void resend()}
        >
          Send the link again
        </Button>
      )}
      <ErrorText>{failure}</ErrorText>
    </div>
  );
}

/** Shows `children` (a form) to verified users, and the notice to a user who must verify first. */
export function RequireVerifiedEmail({
  action,
  children,
}: VerifyEmailNoticeProps & { children: ReactNode }) {
  const { user } = useAuth();
  if (user && !user.emailVerified) return <VerifyEmailNotice action={action} />;
  return <>{children}</>;
}
