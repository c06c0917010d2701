import { useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '@/features/auth/lib/account-messages';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * /reset-password?token=...: where the mailed link lands (through /api/auth/reset-password/<token>,
 * which checks it first and sends `?error=INVALID_TOKEN` instead when it is used or expired).
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('error') ? null : params.get('token');
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
    >
      <ResetPasswordForm
        token={token}
        onSuccess={() =>
          void navigate('/login', {
            replace: true,
            state: { notice: accountMessages.passwordChanged },
          })
        }
      />
    </AuthLayout>
  );
}
