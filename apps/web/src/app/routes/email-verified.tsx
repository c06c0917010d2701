import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';

/**
 * /email-verified: where the link of a verification mail lands (the server verified the address
 * and signed the user in, or sent `?error=<code>` when the link was changed or expired).
 */
export function Component() {
  const [params] = useSearchParams();
  const { user, status } = useAuth();
  const error = params.get('error');
  if (error) {
    return (
      <AuthLayout title="E-mail not confirmed" subtitle="The link could not confirm your address.">
        <div className="space-y-4">
          <ErrorText>
            {error === 'TOKEN_EXPIRED'
              ? 'This confirmation link has expired.'
              : 'This confirmation link is not valid.'}
          </ErrorText>
          {user ? (
            <VerifyEmailNotice action="list pets, create campaigns and ask to adopt" />
          ) : status !== 'loading' ? (
            <p className="text-sm">
              <Link
                to="/login"
                className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300"
              >
                Log in
              </Link>{' '}
              to ask for a new link.
            </p>
          ) : null}
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="E-mail confirmed" subtitle="Thank you for confirming your address.">
      <div className="space-y-4">
        <p role="status" className="text-sm">
          Your e-mail address is confirmed. You can now list pets, create donation campaigns and ask
          to adopt.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/dashboard" className={buttonClasses()}>
            Go to the dashboard
          </Link>
          <Link to="/petlist" className={buttonClasses({ variant: 'secondary' })}>
            Browse pets
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}
