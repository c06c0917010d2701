import { useParams } from 'react-router';
import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { ReceiptView } from '@/features/campaigns/components/receipt-view';

/** /dashboard/receipts/:id: one of the user's donation receipts, printable. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <DashboardTab title="Receipt">
      <ReceiptView id={id} />
    </DashboardTab>
  );
}
