import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '@/features/auth/lib/account-messages';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPath } from '@/features/auth/lib/return-to';

/** The codes an e-mail sign-in link comes back with when it cannot sign in. */
const LINK_ERRORS = new Set([
  'INVALID_TOKEN',
  'EXPIRED_TOKEN',
  'new_user_signup_disabled',
  'user_not_found',
]);

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnPath(location.state);
  // after a password reset (reset-password.tsx)
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  // a failed Google/GitHub sign-in, or a used or expired e-mail link, comes back as /login?error=<code>
  const error = params.get('error');
  const arrivalError = !error
    ? null
    : LINK_ERRORS.has(error)
      ? accountMessages.signInLinkRefused
      : `Social sign-in failed (${error}). Please try again.`;
  return (
    <AuthLayout title="Login" subtitle="Welcome back! Log in to adopt, list pets and donate.">
      {typeof notice === 'string' && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {notice}
        </p>
      )}
      <LoginForm
        returnTo={returnTo}
        initialError={arrivalError}
        onSuccess={() => void navigate(returnTo, { replace: true })}
      />
    </AuthLayout>
  );
}
