import { useState } from 'react';

/**
 * The item a confirmation dialog asks about (a row to delete, a request to withdraw): `ask(item)`
 * opens the dialog, closing it forgets the item.
 *
 *   const toDelete = useConfirmTarget<Pet>();
 *   <Button onClick={() => toDelete.ask(pet)}>Delete</Button>
 *   <ConfirmDialog {...toDelete.dialog} title="Delete?" onConfirm={() => remove(toDelete.target)} />
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (item: T) => setTarget(() => item),
    /** `open` and `onOpenChange` for the ConfirmDialog. */
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setTarget(null);
      },
    },
  };
}
