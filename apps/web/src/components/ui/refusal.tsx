import { Link } from 'react-router';
import { buttonClasses } from './button';
import { ErrorText } from './error-text';

/** Why the screen cannot be used (say, someone else's pet), and where to go instead. */
export function Refusal({
  message,
  link,
}: {
  message: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="flex flex-col items-start gap-4">
      <ErrorText>{message}</ErrorText>
      <Link to={link.to} className={buttonClasses({ variant: 'secondary' })}>
        {link.label}
      </Link>
    </div>
  );
}
