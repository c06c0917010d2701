import { ComingSoon } from '@/components/ui/coming-soon';

export function Component() {
  return <ComingSoon title="404 - Page Not Found" />;
}
