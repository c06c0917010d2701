import { cn } from '@/utils/cn';

/** The dimmed page behind a dialog (Modal, ConfirmDialog). */
export const dialogOverlayClasses = 'fixed inset-0 z-50 bg-black/50';

/** A dialog's panel, centred on the page, light and dark; `extra` sets its width and more. */
export function dialogPanelClasses(...extra: Array<string | undefined>) {
  return cn(
    'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
    'rounded-xl bg-white p-6 text-slate-900 shadow-xl',
    'dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700',
    ...extra,
  );
}

/** The cross of a close button (the button names itself). */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
