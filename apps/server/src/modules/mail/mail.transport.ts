import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { OutboxRow } from './mail.repository';

/** Where claimed messages go: an SMTP server, or .eml files for a local run without one. */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  deliver(message: OutboxRow): Promise<void>;
  close(): void;
}

/** Seconds an SMTP exchange may take before the attempt counts as failed (well inside a lease). */
const SMTP_TIMEOUT_MS = 20_000;

/** The message as nodemailer builds it; its Message-ID comes from the outbox row, so a message
 * sent again after a crash is recognisable as the same one. */
function mailOptions(message: OutboxRow, config: Config): SendMailOptions {
  const host = new URL(config.publicUrl).hostname;
  return {
    from: config.mail.from,
    to: message.recipient,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody,
    messageId: `<${message.id}@${host}>`,
    date: message.createdAt,
    headers: message.unsubscribeUrl
      ? {
          'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
  };
}

function smtpTransport(config: Config, smtpUrl: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    // one connection kept open for the worker's messages, not one per message
    pool: true,
    maxConnections: 1,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail(mailOptions(message, config));
    },
    close: () => transporter.close(),
  };
}

/** Links in a plain-text part, for the log of a local run. */
const linksOf = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

function fileTransport(config: Config, logger: Logger): MailTransport {
  const folder = path.join(config.dataDir, 'mail');
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  // made when a write finds it missing: at the first message, and again if someone removed it
  const write = async (file: string, data: Buffer) => {
    try {
      await writeFile(file, data);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(folder, { recursive: true });
      await writeFile(file, data);
    }
  };
  return {
    kind: 'files',
    async deliver(message) {
      const info = (await builder.sendMail(mailOptions(message, config))) as { message: Buffer };
      const stamp = message.createdAt.toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${message.kind}-${message.id}.eml`);
      // written whole or not at all: a reader never sees half a message
      await write(`${file}.tmp`, info.message);
      await rename(`${file}.tmp`, file);
      logger.info(
        { to: message.recipient, subject: message.subject, file, links: linksOf(message.textBody) },
        'Mail written to a file (SMTP_URL is not set)',
      );
    },
    close: () => undefined,
  };
}

export function createMailTransport(config: Config, logger: Logger): MailTransport {
  return config.mail.smtpUrl
    ? smtpTransport(config, config.mail.smtpUrl)
    : fileTransport(config, logger);
}
