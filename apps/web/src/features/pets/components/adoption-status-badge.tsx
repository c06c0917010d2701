import { adoptionStatusLabels, type AdoptionStatus } from '@pet-haven/shared/pets';
import { StatusBadge } from '@/components/ui/status-badge';

const tones = {
  pending: 'amber',
  accepted: 'green',
  rejected: 'red',
  adopted: 'green',
  closed: 'slate',
} as const satisfies Record<AdoptionStatus, 'amber' | 'green' | 'red' | 'slate'>;

/** A request's status as a coloured pill. */
export function AdoptionStatusBadge({ status }: { status: AdoptionStatus }) {
  return <StatusBadge tone={tones[status]}>{adoptionStatusLabels[status]}</StatusBadge>;
}
