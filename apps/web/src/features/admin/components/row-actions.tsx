import { Button } from '@/components/ui/button';

interface RowActionsProps {
  /** The row's name, read out with each button ("Delete: Luna"). */
  name: string;
  onDelete: () => void;
  /** The label of the second action, for the row's current state (Pause or Unpause...). */
  toggleLabel: string;
  onToggle: () => void;
  /** The second action is being saved. */
  toggling: boolean;
}

/** The actions of a row of an admin table: Delete (asks first) and a toggle of its state. */
export function RowActions({ name, onDelete, toggleLabel, onToggle, toggling }: RowActionsProps) {
  return (
    <div className="flex gap-2 whitespace-nowrap">
      <Button variant="danger" size="sm" onClick={onDelete}>
        Delete<span className="sr-only">: {name}</span>
      </Button>
      <Button variant="secondary" size="sm" loading={toggling} onClick={onToggle}>
        {toggleLabel}
        <span className="sr-only">: {name}</span>
      </Button>
    </div>
  );
}
