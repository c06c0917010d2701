import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/utils/format-date';
import { revokeOtherSessions, sessionsKey, useDeviceSessions } from '../api/account';

/** A short name for a browser's user agent ("Chrome on Linux"). */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** Profile: where the account is signed in, and a button that signs out every other device. */
export function DeviceSessions() {
  const sessions = useDeviceSessions();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (sessions.isPending) return <Skeleton className="h-20 w-full" />;
  if (sessions.isError) return <ErrorText>Failed to load your devices.</ErrorText>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
        {sessions.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="font-medium">
              {deviceName(s.userAgent)}
              {s.current && (
                <span className="ml-2 text-brand-700 dark:text-accent-300">(this device)</span>
              )}
            </span>
            <span className="text-slate-600 dark:text-slate-300">
              signed in <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
            </span>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={others === 0}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailure(null);
          const result = await revokeOtherSessions();
          setBusy(false);
          if (result) setFailure(result.message);
          await queryClient.invalidateQueries({ queryKey: sessionsKey });
        }}
      >
        Sign out other devices
      </Button>
      <ErrorText>{failure}</ErrorText>
    </div>
  );
}
