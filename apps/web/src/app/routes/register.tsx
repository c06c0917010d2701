import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';
import { returnPath } from '@/features/auth/lib/return-to';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPath(location.state);
  return (
    <AuthLayout title="Register" subtitle="Create your Pet Haven account: it takes a minute.">
      <RegisterForm
        returnTo={returnTo}
        onSuccess={() => void navigate(returnTo, { replace: true })}
      />
    </AuthLayout>
  );
}
