import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

interface DashboardTabProps {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}

/** One dashboard tab: its heading (an h2: the frame holds the h1), a line about it, its content. */
export function DashboardTab({ title, description, className, children }: DashboardTabProps) {
  return (
    <section className={className}>
      <PageHeader level={2} title={title} description={description} />
      {children}
    </section>
  );
}
