import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { deleteAccountWithPassword, mailAccountDeletionLink } from '../api/account';
import { accountMessages } from '../lib/account-messages';
import { useAuth } from '../hooks/use-auth';

export const ACCOUNT_DELETED_TEXT = 'Your account was deleted.';

/**
 * Profile: delete my account, confirmed by the password (at once) or by a mailed link (for an
 * account without a password, or a user who prefers it). What goes and what stays is said first.
 */
export function DeleteAccount() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  // Signed out only once the dashboard is gone: signing out inside it would make its guard send
  // the user to /login instead of home.
  const deletedRef = useRef(false);
  useEffect(
    () => () => {
      if (deletedRef.current) void signOut();
    },
    [signOut],
  );
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
    deletedRef.current = true;
    toast.success(ACCOUNT_DELETED_TEXT);
    void navigate('/', { replace: true });
  };

  return (
    <div className="space-y-4 text-sm">
      <p>
        Deleting your account removes your pets and your open adoption requests. Campaigns that
        received donations are closed and kept, so their donors keep their records; your own
        donations stay on their campaigns as a deleted user&apos;s. This cannot be undone.
      </p>
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
            We sent a link to {user.email}. Your account is deleted when you open it.
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
