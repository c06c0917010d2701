import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPath } from '@/features/auth/lib/return-to';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnPath(location.state);
  // after a password reset (reset-password.tsx)
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  // a failed Google/GitHub sign-in comes back as /login?error=<code>
  const socialError = params.get('error')
    ? `Social sign-in failed (${params.get('error')}). Please try again.`
    : null;
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
        initialError={socialError}
        onSuccess={() => void navigate(returnTo, { replace: true })}
      />
    </AuthLayout>
  );
}
