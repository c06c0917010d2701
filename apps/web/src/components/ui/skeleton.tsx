import { cn } from '@/utils/cn';

/** One grey pulsing block. Decorative: wrap groups in a labelled status (SkeletonGrid, TableSkeleton). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 dark:bg-slate-700', className)}
    />
  );
}

interface LoadingRegionProps {
  label?: string;
  /** Show the label above the placeholders (it is read out either way). */
  showLabel?: boolean;
  className?: string;
  children: React.ReactNode;
}

/** A labelled loading status around placeholder blocks. */
export function LoadingRegion({
  label = 'Loading',
  showLabel = false,
  className,
  children,
}: LoadingRegionProps) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className}>
      {showLabel ? (
        <p className="text-slate-600 dark:text-slate-300">{label}</p>
      ) : (
        <span className="sr-only">{label}</span>
      )}
      {children}
    </div>
  );
}

/** A form being filled from the API: its picture and fields. */
export function FormSkeleton({ label, showLabel }: { label: string; showLabel?: boolean }) {
  return (
    <LoadingRegion label={label} showLabel={showLabel} className="space-y-4">
      <Skeleton className="h-28 w-28" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-32 w-full" />
    </LoadingRegion>
  );
}

/** A details page (a pet, a campaign) being loaded: its picture beside its text. */
export function DetailsSkeleton({ label, showLabel }: { label: string; showLabel?: boolean }) {
  return (
    <LoadingRegion label={label} showLabel={showLabel} className="space-y-4">
      <div className="grid gap-8 md:grid-cols-2">
        <Skeleton className="aspect-[4/3] w-full" />
        <div className="space-y-4">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-10 w-36" />
        </div>
      </div>
    </LoadingRegion>
  );
}

/** Placeholder cards for a grid (spec section 9: 3 by default). */
export function SkeletonGrid({
  count = 3,
  label,
  className,
}: {
  count?: number;
  label?: string;
  className?: string;
}) {
  return (
    <LoadingRegion
      label={label}
      className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', className)}
    >
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid="skeleton-card"
          className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
        >
          <Skeleton className="h-48 w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-9 w-28" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}

/** Placeholder rows for a table (spec section 9: 5 rows by 4 columns by default). */
export function TableSkeleton({
  rows = 5,
  columns = 4,
  label,
  className,
}: {
  rows?: number;
  columns?: number;
  label?: string;
  className?: string;
}) {
  return (
    <LoadingRegion
      label={label}
      className={cn(
        'overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700',
        className,
      )}
    >
      {Array.from({ length: rows + 1 }, (_, r) => (
        <div
          key={r}
          data-testid={r === 0 ? 'skeleton-header' : 'skeleton-row'}
          className={cn(
            'grid gap-4 border-b border-slate-200 p-3 last:border-b-0 dark:border-slate-700',
            r === 0 && 'bg-slate-50 dark:bg-slate-900',
          )}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className={r === 0 ? 'h-4 w-1/2' : 'h-4 w-3/4'} />
          ))}
        </div>
      ))}
    </LoadingRegion>
  );
}

/** The whole page while the session loads (spec section 2): a bar, a heading and content blocks. */
export function FullPageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <LoadingRegion label={label} className="min-h-screen">
      <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
        <Skeleton className="h-8 w-32" />
        <div className="hidden gap-4 md:flex">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-28" />
        </div>
        <Skeleton className="size-9 rounded-full" />
      </div>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-64 w-full" />
        <div className="grid gap-6 md:grid-cols-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      </div>
    </LoadingRegion>
  );
}
