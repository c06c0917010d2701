import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPath } from '@/features/auth/lib/return-to';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnPath(location.state);
  // a failed Google/GitHub sign-in comes back as /login?error=<code>
  const socialError = params.get('error')
    ? `Social sign-in failed (${params.get('error')}). Please try again.`
    : null;
  return (
    <AuthLayout title="Login" subtitle="Welcome back! Log in to adopt, list pets and donate.">
      <LoginForm
        returnTo={returnTo}
        initialError={socialError}
        onSuccess={() => void navigate(returnTo, { replace: true })}
      />
    </AuthLayout>
  );
}
