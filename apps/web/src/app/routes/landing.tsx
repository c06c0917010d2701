import { ComingSoon } from '@/components/ui/coming-soon';

export function Component() {
  return <ComingSoon title="Welcome to Pet Haven" />;
}
