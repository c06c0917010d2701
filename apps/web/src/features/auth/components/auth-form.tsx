import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { AuthSwitch } from './auth-switch';

/** Each screen's form name, submit button and link to the other screen (spec sections 2, 5 and 8). */
const screens = {
  login: {
    name: 'Log in',
    submit: 'Log In',
    question: "Don't have an account?",
    to: '/register',
    linkText: 'Sign up',
  },
  register: {
    name: 'Sign up',
    submit: 'Sign Up',
    question: 'Already have an account?',
    to: '/login',
    linkText: 'Log in',
  },
} as const;

interface AuthFormProps {
  screen: keyof typeof screens;
  /** Where to go after signing in (and where social sign-in returns to). */
  returnTo: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Starts loading the form's schema when the form first gets the focus. */
  onFocus: () => void;
  /** Shown in red above the submit button. */
  failure: string | null;
  submitting: boolean;
  /** The fields. */
  children: ReactNode;
  /** Below the submit button, outside the form (the login screen's e-mail link). */
  after?: ReactNode;
}

/**
 * The log in or sign up form: its fields, the failure, the submit button, then Google, GitHub and
 * the link to the other screen. Its state comes from `useAuthForm` (`<AuthForm {...frame}>`).
 */
export function AuthForm({
  screen,
  returnTo,
  onSubmit,
  onFocus,
  failure,
  submitting,
  children,
  after = null,
}: AuthFormProps) {
  const texts = screens[screen];
  return (
    <div className="space-y-6">
      <form
        onSubmit={onSubmit}
        onFocus={onFocus}
        noValidate
        className="space-y-4"
        aria-label={texts.name}
      >
        {children}
        <ErrorText>{failure}</ErrorText>
        <Button type="submit" className="w-full" loading={submitting}>
          {texts.submit}
        </Button>
      </form>
      {after}
      <AuthSwitch
        returnTo={returnTo}
        question={texts.question}
        to={texts.to}
        linkText={texts.linkText}
      />
    </div>
  );
}
