import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';

/** /unsubscribe?token=...: where the unsubscribe link of a notification mail lands. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Unsubscribe" subtitle="Choose which e-mails Pet Haven sends you.">
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
