import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { publicConfigQueryOptions } from '../api/get-public-config';
import { useAuth } from '../hooks/use-auth';
import type { SocialProvider } from '../lib/auth-client';
import { authMessages, providerNames } from '../lib/auth-errors';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

function GitHubIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
      <path d="M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.9 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.2c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5z" />
    </svg>
  );
}

const buttons: { provider: SocialProvider; Icon: () => React.JSX.Element }[] = [
  { provider: 'google', Icon: GoogleIcon },
  { provider: 'github', Icon: GitHubIcon },
];

/**
 * "Sign in with Google" and "Sign in with GitHub", always shown. When this server has not
 * configured a provider (GET /api/config), pressing its button explains that instead of failing.
 */
export function SocialButtons({ returnTo }: { returnTo: string }) {
  const { signInWithProvider } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(provider: SocialProvider) {
    setError(null);
    setBusy(provider);
    const name = providerNames[provider];
    try {
      const config = await queryClient.fetchQuery(publicConfigQueryOptions()).catch(() => null);
      if (config && !config.providers[provider]) {
        setError(authMessages.providerNotConfigured(name));
        return;
      }
      const failure = await signInWithProvider(provider, returnTo);
      if (!failure) return; // leaving for the provider
      setError(
        failure.kind === 'provider-not-configured'
          ? authMessages.providerNotConfigured(name)
          : failure.kind === 'network' || failure.kind === 'rate-limited'
            ? failure.message
            : authMessages.socialFailed(name),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {buttons.map(({ provider, Icon }) => (
          <Button
            key={provider}
            variant="secondary"
            loading={busy === provider}
            disabled={busy !== null}
            onClick={() => void start(provider)}
          >
            {busy !== provider && <Icon />}
            {`Sign in with ${providerNames[provider]}`}
          </Button>
        ))}
      </div>
      <ErrorText>{error}</ErrorText>
    </div>
  );
}
