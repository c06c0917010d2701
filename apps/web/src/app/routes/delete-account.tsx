import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { DeleteAccountByLink } from '@/features/auth/components/delete-account';

/** /delete-account?token=...: where the link of "Email me a link instead" (profile) lands. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Delete your account" subtitle="Confirm that you want to leave Pet Haven.">
      <DeleteAccountByLink token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
