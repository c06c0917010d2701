import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { buttonClasses } from './button';
import { dialogOverlayClasses, dialogPanelClasses } from './dialog-look';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** e.g. 'Are you sure?' */
  title: ReactNode;
  /** e.g. 'This action will permanently delete the pet.' */
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Keeps the dialog open with a busy confirm button while an async action runs. */
  loading?: boolean;
  onConfirm: () => void | Promise<void>;
  /** An element that opens the dialog; optional when `open` is controlled. */
  trigger?: ReactNode;
}

/**
 * A confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels, outside clicks do not
 * close it. When onConfirm returns a promise the dialog closes after it settles.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  loading = false,
  onConfirm,
  trigger,
}: ConfirmDialogProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const busy = loading || pending;
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content
          className={dialogPanelClasses('max-w-md')}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses({ variant: danger ? 'danger' : 'primary' })}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={(e) => {
                const result = onConfirm();
                if (result instanceof Promise) {
                  // keep the dialog open (busy) until the action settles, then close it
                  e.preventDefault();
                  setPending(true);
                  void result
                    .finally(() => {
                      setPending(false);
                      setOpen(false);
                    })
                    .catch(() => {});
                }
              }}
            >
              {busy && <Spinner className="size-4" />}
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
