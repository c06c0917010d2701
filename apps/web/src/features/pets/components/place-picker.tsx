import { useId, useState } from 'react';
import type { Place } from '@pet-haven/shared/pets';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePlaceSuggestions } from '../api/search-places';

interface PlacePickerProps {
  /** The place chosen (null: none). */
  value: Place | null;
  onChange: (place: Place | null) => void;
  placeholder?: string;
  name?: string;
}

/**
 * A town or city from the gazetteer: type the start of its name, pick a suggestion (the browser's
 * own list, keyboard included). Only a suggested place counts; clearing the box clears it. Put it
 * inside a FormField for its label.
 */
export function PlacePicker({
  value,
  onChange,
  placeholder = 'e.g. Leeds',
  name,
}: PlacePickerProps) {
  const listId = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [shown, setShown] = useState(value);
  // the value changed from outside (a reset, the URL): show it
  if (value?.id !== shown?.id) {
    setShown(value);
    setText(value?.label ?? '');
  }
  // our own choices update `shown` first, so only changes from outside reset the text
  const choose = (place: Place | null) => {
    setShown(place);
    onChange(place);
  };
  const typed = useDebouncedValue(text.trim(), 250);
  const query = value && text === value.label ? '' : typed.split(',')[0]!.trim();
  const { data: suggestions = [], isFetching } = usePlaceSuggestions(query);
  // typed text that names no place is not used: say so once the typing has settled
  const unpicked = query.length >= 2 && !value && typed === text.trim() && !isFetching;

  return (
    <>
      <Input
        type="text"
        name={name}
        list={listId}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const picked = suggestions.find((p) => p.label === next);
          if (picked) choose(picked);
          else if (value) choose(null);
        }}
      />
      <datalist id={listId}>
        {suggestions.map((p) => (
          <option key={p.id} value={p.label} />
        ))}
      </datalist>
      <p role="status" className="text-xs text-amber-800 dark:text-amber-300">
        {unpicked &&
          (suggestions.length > 0
            ? 'Pick one of the suggested places: only a place from the list is used.'
            : 'No town or city of that name in the list.')}
      </p>
    </>
  );
}
