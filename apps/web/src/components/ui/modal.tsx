import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/utils/cn';
import { CloseIcon, dialogOverlayClasses, dialogPanelClasses } from './dialog-look';

interface ModalProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; visually hidden when `hideDescription` is set. */
  description?: ReactNode;
  hideDescription?: boolean;
  /** An element that opens the dialog (e.g. a Button); optional when `open` is controlled. */
  trigger?: ReactNode;
  /** Without a trigger: the element that gets the focus back when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children?: ReactNode;
  /** Buttons along the bottom (e.g. a Close button). */
  footer?: ReactNode;
  className?: string;
}

/**
 * A dialog (Radix): focus is trapped, Escape and outside click close it. The corner button is named
 * "Dismiss" so that a footer button labelled "Close" (spec texts) stays unique by name.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  trigger,
  returnFocusTo,
  children,
  footer,
  className,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClasses} />
        <Dialog.Content
          className={dialogPanelClasses('max-h-[90vh] max-w-lg overflow-y-auto', className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(returnFocusTo && {
            onCloseAutoFocus: (event: Event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            },
          })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Dismiss"
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description
              className={cn(
                'mt-1 text-sm text-slate-600 dark:text-slate-300',
                hideDescription && 'sr-only',
              )}
            >
              {description}
            </Dialog.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button that closes the surrounding Modal (wrap your own Button: `<ModalClose asChild>`). */
export const ModalClose = Dialog.Close;
