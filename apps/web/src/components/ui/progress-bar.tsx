import { cn } from '@/utils/cn';

interface ProgressBarProps {
  value: number;
  max?: number;
  /** The accessible name, e.g. "Donations for Max". */
  label: string;
  /** Read out instead of the percentage, e.g. "$120 of $500". */
  valueText?: string;
  /** Show the label and percentage above the bar. */
  showLabel?: boolean;
  className?: string;
}

export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  showLabel = false,
  className,
}: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);
  return (
    <div className={cn('w-full', className)}>
      {showLabel && (
        <div className="mb-1 flex justify-between text-xs text-slate-600 dark:text-slate-300">
          <span>{label}</span>
          <span>{percent}%</span>
        </div>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={valueText ?? `${percent}%`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
