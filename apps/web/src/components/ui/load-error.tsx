import { Button } from './button';
import { ErrorText } from './error-text';

/** A list that failed to load: its message and a Try again button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <ErrorText>{message}</ErrorText>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
