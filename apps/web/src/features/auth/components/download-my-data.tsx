import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { downloadMyData } from '../api/download-my-data';

/** Profile: "Download my data", a JSON file of everything the site holds about the user. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A JSON file of your account, pets, adoption requests, campaigns and donations.
      </p>
      <Button
        variant="secondary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            await downloadMyData();
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        Download my data
      </Button>
      <ErrorText>{failed ? 'Failed to prepare your data. Please try again.' : null}</ErrorText>
    </div>
  );
}
