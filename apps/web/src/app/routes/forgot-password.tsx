import { useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password: asks for a reset link (from "Forgot password?" on /login). */
export function Component() {
  const location = useLocation();
  const state = location.state as { email?: unknown } | null;
  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter your account's e-mail and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm initialEmail={typeof state?.email === 'string' ? state.email : ''} />
    </AuthLayout>
  );
}
