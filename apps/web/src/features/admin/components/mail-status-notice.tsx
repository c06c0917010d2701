import { useMailStatus } from '../api/get-mail-status';

/**
 * The admin dashboard's word on mail: that it is off (no SMTP_URL: messages are only written to
 * files), and how many messages could not be delivered. Nothing when all is well.
 */
export function MailStatusNotice({ isAdmin }: { isAdmin: boolean }) {
  const status = useMailStatus(isAdmin);
  if (!isAdmin || !status.data) return null;
  const { delivery, pending, failed } = status.data;
  if (delivery === 'smtp' && failed === 0) return null;
  return (
    <div
      role="status"
      className="mb-4 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-slate-900 dark:text-amber-100"
    >
      {delivery === 'files' && (
        <p>
          <strong>Mail is off.</strong> SMTP_URL is not set, so e-mails (password resets,
          verification links, notifications, receipts) are written to files under DATA_DIR/mail and
          not sent. {pending > 0 && `${pending} waiting.`}
        </p>
      )}
      {failed > 0 && (
        <p>
          {failed} {failed === 1 ? 'message' : 'messages'} could not be delivered after every
          attempt; the server log says why.
        </p>
      )}
    </div>
  );
}
