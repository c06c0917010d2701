import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  deleteAccountWithLink,
  deleteAccountWithPassword,
  mailAccountDeletionLink,
} from '../api/account';
import { accountMessages } from '../lib/account-messages';
import { useAuth } from '../hooks/use-auth';
import { AUTH_LINK_CLASS } from '../lib/link-class';

export const ACCOUNT_DELETED_TEXT = 'Your account was deleted.';

/** What deleting an account removes and what it keeps, said before either way of deleting. */
function WhatDeletionDoes() {
  return (
    <p>
      Deleting your account removes your pets and your open adoption requests. Campaigns that
      received donations are closed and kept, so their donors keep their records; your own donations
      stay on their campaigns as a deleted user&apos;s. This cannot be undone.
    </p>
  );
}

/**
 * After a deletion: the toast, home, and signed out once the page is gone (signing out on a
 * guarded page would make its guard send the user to /login instead of home).
 */
function useLeaveDeleted() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const deletedRef = useRef(false);
  useEffect(
    () => () => {
      if (deletedRef.current) void signOut();
    },
    [signOut],
  );
  return () => {
    deletedRef.current = true;
    toast.success(ACCOUNT_DELETED_TEXT);
    void navigate('/', { replace: true });
  };
}

/**
 * Profile: delete my account, confirmed by the password (at once) or by a mailed link (for an
 * account without a password, or a user who prefers it). What goes and what stays is said first.
 */
export function DeleteAccount() {
  const { user } = useAuth();
  const leaveDeleted = useLeaveDeleted();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  if (!user) return null;

  const deleteNow = async () => {
    setBusy(true);
    setFailure(null);
    const result = await deleteAccountWithPassword(password);
    setBusy(false);
    if (result) {
      setConfirming(false);
      setFailure(
        result.kind === 'wrong-password' ? accountMessages.wrongCurrentPassword : result.message,
      );
      return;
    }
    leaveDeleted();
  };

  return (
    <div className="space-y-4 text-sm">
      <WhatDeletionDoes />
      <FormField label="Your password">
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <ErrorText>{failure}</ErrorText>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="danger"
          disabled={password.length === 0}
          onClick={() => setConfirming(true)}
        >
          Delete my account
        </Button>
        {linkSent ? (
          <p role="status">
            We sent a link to {user.email}. Open it and confirm there to delete your account.
          </p>
        ) : (
          <Button
            variant="ghost"
            onClick={async () => {
              setFailure(null);
              const result = await mailAccountDeletionLink();
              if (result) setFailure(result.message);
              else setLinkSent(true);
            }}
          >
            Email me a link instead
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account for good?"
        description="Your pets and open adoption requests are removed. This cannot be undone."
        confirmLabel="Delete my account"
        cancelLabel="Keep my account"
        danger
        loading={busy}
        onConfirm={deleteNow}
      />
    </div>
  );
}

/**
 * /delete-account?token=...: where the mailed link lands (the route signs the user in first).
 * Opening it deletes nothing: the signed-in user confirms with the button, which sends the token.
 */
export function DeleteAccountByLink({ token }: { token: string }) {
  const { user, signOut } = useAuth();
  const leaveDeleted = useLeaveDeleted();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(
    token ? null : accountMessages.invalidDeletionLink,
  );
  if (!user) return null;

  const deleteNow = async () => {
    setBusy(true);
    setFailure(null);
    const result = await deleteAccountWithLink(token);
    setBusy(false);
    if (!result) return leaveDeleted();
    // a spent, expired or someone else's token: 404; a session that ended meanwhile: 401
    if (result.kind === 'invalid-link' || result.status === 404) {
      setFailure(accountMessages.invalidDeletionLink);
    } else if (result.kind === 'invalid-credentials') {
      setFailure(accountMessages.sessionEnded);
    } else setFailure(result.message);
  };

  return (
    <div className="space-y-4 text-sm">
      <p>
        You are signed in as <strong className="break-all">{user.email}</strong>.{' '}
        {/* signed out, the page's guard asks to log in and comes back here, the link kept */}
        <button type="button" className={AUTH_LINK_CLASS} onClick={() => void signOut()}>
          Not you? Log out
        </button>
      </p>
      <WhatDeletionDoes />
      <ErrorText>{failure}</ErrorText>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="danger" loading={busy} disabled={!token} onClick={deleteNow}>
          Delete my account
        </Button>
        <Link to="/dashboard/profile" className={AUTH_LINK_CLASS}>
          Keep my account
        </Link>
      </div>
    </div>
  );
}
