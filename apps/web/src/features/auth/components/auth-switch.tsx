import { Link } from 'react-router';
import { SocialButtons } from './social-buttons';
import { AUTH_LINK_CLASS } from '../lib/link-class';

interface AuthSwitchProps {
  /** Where to go after signing in (and where social sign-in returns to). */
  returnTo: string;
  /** "Don't have an account?" */
  question: string;
  /** The other screen: /register or /login, which keeps `returnTo`. */
  to: string;
  linkText: string;
}

/** Below the log in and sign up forms: Google and GitHub, and a link to the other form. */
export function AuthSwitch({ returnTo, question, to, linkText }: AuthSwitchProps) {
  return (
    <>
      <SocialButtons returnTo={returnTo} />
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        {question}{' '}
        <Link to={to} state={{ from: returnTo }} className={AUTH_LINK_CLASS}>
          {linkText}
        </Link>
      </p>
    </>
  );
}
