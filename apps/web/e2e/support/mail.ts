import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { appDataDir } from './paths';

/**
 * The newest message to `to` that the app wrote under DATA_DIR/mail (the e2e app runs without
 * SMTP_URL, as `npm start` does), once its outbox worker has delivered it.
 */
export async function mailTo(to: string, kind: string): Promise<ParsedMail> {
  const folder = path.join(appDataDir(), 'mail');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml') && n.includes(`-${kind}-`))
          .sort();
        for (const name of names.reverse()) {
          const mail = await simpleParser(await readFile(path.join(folder, name)));
          const rcpt = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (rcpt.some((a) => a.value.some((v) => v.address === to))) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a ${kind} mail to ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link of a message's plain-text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const link = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return link;
}
