import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embeddedWriteGeneration } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { createTestContext, useTestContext } from '../../../test/helpers/test-app';
import { createMailer, MAIL_MAX_ATTEMPTS, MARK_EACH_AFTER_MS } from './mail-outbox.service';
import type { MailTransport } from './mail.transport';
import type { MailContent } from './mail.templates';

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());

// the app's clock: the back-off is read from it, never from the wall clock
let clock = new Date('2026-11-25T10:00:00Z');
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }), { now: () => clock });
const at = (seconds: number) => new Date(Date.parse('2026-11-25T10:00:00Z') + seconds * 1000);

beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refuseWith = null;
  smtp.refuseTo = null;
  clock = at(0);
  await ctx.database.db.delete(mailOutbox);
});

const notice = (overrides: Partial<MailContent> = {}): MailContent => ({
  kind: 'password-reset',
  subject: 'A message',
  intro: ['Hello,', 'Something happened.'],
  action: { label: 'Open it', url: 'http://localhost:3000/dashboard' },
  ...overrides,
});

const rows = () => ctx.database.db.select().from(mailOutbox);

describe('the mail outbox', () => {
  it('keeps a message the SMTP server refuses and sends it once the server takes it', async () => {
    smtp.refuseWith = 'Mailbox busy, try later';
    await ctx.deps.mailer.enqueue(ctx.database.db, 'ana@example.com', notice());
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row!.lastError).toMatch(/Mailbox busy/);
    expect(row!.nextAttemptAt).toEqual(at(30));

    smtp.refuseWith = null;
    clock = at(29);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    clock = at(30);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to('ana@example.com')).toHaveLength(1);
    const [sent] = await rows();
    expect(sent).toMatchObject({ attempts: 2, sentAt: at(30), lastError: null });

    clock = at(3600);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('marks the messages of a batch sent, and keeps the one refused in it due again', async () => {
    for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) {
      await ctx.deps.mailer.enqueue(ctx.database.db, to, notice());
    }
    smtp.refuseTo = 'two@example.com';
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 2, failed: 1 });
    const byRecipient = new Map((await rows()).map((r) => [r.recipient, r]));
    expect(byRecipient.get('one@example.com')).toMatchObject({ sentAt: at(0), attempts: 1 });
    expect(byRecipient.get('three@example.com')).toMatchObject({ sentAt: at(0), attempts: 1 });
    expect(byRecipient.get('two@example.com')).toMatchObject({
      sentAt: null,
      nextAttemptAt: at(30),
      lastError: expect.stringMatching(/Mailbox full/) as unknown,
    });

    smtp.refuseTo = null;
    clock = at(30);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
    // each sent once: the two of the first batch (in either order), then the refused one
    const order = smtp.received.map((m) => m.to[0]);
    expect(order.slice(0, 2).sort()).toEqual(['one@example.com', 'three@example.com']);
    expect(order.slice(2)).toEqual(['two@example.com']);
  });

  it('late in its lease, marks what it delivered before each further send', async () => {
    for (const to of ['early@example.com', 'late@example.com', 'last@example.com']) {
      await ctx.deps.mailer.enqueue(ctx.database.db, to, notice());
    }
    // a slow mail server: the first send takes the batch past MARK_EACH_AFTER_MS
    const sentBefore: Record<string, string[]> = {};
    const slow: MailTransport = {
      kind: 'smtp',
      async deliver(message) {
        const marked = (await rows()).filter((r) => r.sentAt !== null).map((r) => r.recipient);
        sentBefore[message.recipient] = marked.sort();
        clock = new Date(clock.getTime() + MARK_EACH_AFTER_MS + 1000);
      },
      close: () => undefined,
    };
    const worker = createMailer({ ...ctx.deps, now: () => clock }, slow);
    expect(await worker.deliverDue()).toEqual({ sent: 2, failed: 0 });
    // the first send began early in the lease; the second one late, after marking the first; the
    // third would start in the lease's last minute: left for the next claim
    const [first, second] = Object.keys(sentBefore);
    expect(sentBefore[first!]).toEqual([]);
    expect(sentBefore[second!]).toEqual([first]);
    expect(Object.keys(sentBefore)).toHaveLength(2);
    expect((await rows()).filter((r) => r.sentAt !== null)).toHaveLength(2);
  });

  it('backs off doubling from 30 s and gives up after the last attempt, keeping why', async () => {
    smtp.refuseWith = 'No such mailbox';
    await ctx.deps.mailer.enqueue(ctx.database.db, 'gone@example.com', notice());
    let seconds = 0;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      clock = at(seconds);
      expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows();
      if (attempt < MAIL_MAX_ATTEMPTS) {
        const wait = (row!.nextAttemptAt.getTime() - clock.getTime()) / 1000;
        waits.push(wait);
        seconds += wait;
      } else {
        expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, failedAt: clock, sentAt: null });
        expect(row!.lastError).toMatch(/No such mailbox/);
      }
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    smtp.refuseWith = null;
    clock = at(seconds + 86_400);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('gives a message whose worker died back after the lease, and only then', async () => {
    await ctx.deps.mailer.enqueue(ctx.database.db, 'lease@example.com', notice());
    // a worker claims it and dies before sending (its claim is all that happened)
    await ctx.database.db
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: at(300) })
      .where(eq(mailOutbox.recipient, 'lease@example.com'));
    clock = at(299);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    clock = at(300);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
  });

  it('never sends a message twice nor loses one when two workers on one database deliver 500', async () => {
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 500; i += 1) {
        await ctx.deps.mailer.enqueue(tx, `many${i}@example.com`, notice());
      }
    });
    // a second process's worker: its own mailer and SMTP connection, the same database
    const other = createMailer({ ...ctx.deps, now: () => clock });
    const [a, b] = await Promise.all([ctx.deps.mailer.deliverDue(), other.deliverDue()]);
    await other.stop();
    expect(a.sent + b.sent).toBe(500);
    expect(smtp.received).toHaveLength(500);
    const ids = smtp.received.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(500);
    const recipients = new Set(smtp.received.flatMap((m) => m.to));
    expect(recipients.size).toBe(500);
    expect((await rows()).every((r) => r.attempts === 1 && r.sentAt !== null)).toBe(true);
  });

  it('keeps names and subjects from users out of the headers and escapes them in HTML', async () => {
    await ctx.deps.mailer.enqueue(
      ctx.database.db,
      'victim@example.com',
      notice({
        subject: 'Hi\r\nBcc: thief@example.com\r\nX-Evil: 1',
        intro: ['Hello <script>alert(1)</script> & <b>friends</b>,'],
      }),
    );
    await ctx.deps.mailer.deliverDue();
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['victim@example.com']);
    expect(mail!.parsed.subject).toBe('Hi Bcc: thief@example.com X-Evil: 1');
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    expect(mail!.parsed.headers.has('x-evil')).toBe(false);
    expect(mail!.parsed.html).toContain(
      'Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;friends&lt;/b&gt;,',
    );
    expect(mail!.parsed.html).not.toContain('<script>');
    expect(mail!.parsed.text).toContain('Hello <script>alert(1)</script> & <b>friends</b>,');
  });

  it("writes nothing when nothing is due (an idle worker keeps the embedded database's kept reads)", async () => {
    const before = embeddedWriteGeneration(ctx.database.db);
    expect(await ctx.deps.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(embeddedWriteGeneration(ctx.database.db)).toBe(before);
  });

  it('refuses a recipient that is not one address', async () => {
    for (const to of [
      'a@example.com\r\nBcc: b@example.com',
      'a@example.com, b@example.com',
      'nobody',
    ]) {
      await expect(ctx.deps.mailer.enqueue(ctx.database.db, to, notice())).rejects.toThrow();
    }
    expect(await rows()).toHaveLength(0);
  });

  it('writes nothing when the change that causes it is rolled back', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await ctx.deps.mailer.enqueue(tx, 'rolled@example.com', notice());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toHaveLength(0);
  });

  it('marks a notification with a one-click unsubscribe header', async () => {
    await ctx.deps.mailer.enqueue(
      ctx.database.db,
      'reader@example.com',
      notice({
        unsubscribe: {
          page: 'http://localhost:3000/unsubscribe?t=abc',
          oneClick: 'http://localhost:3000/api/notifications/unsubscribe?t=abc',
        },
      }),
    );
    await ctx.deps.mailer.deliverDue();
    const [mail] = smtp.received;
    const header = mail!.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line;
    expect(header).toMatch(
      /^List-Unsubscribe:\s*<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?t=abc>$/,
    );
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail!.parsed.text).toContain(
      'Unsubscribe from these e-mails: http://localhost:3000/unsubscribe?t=abc',
    );
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const local = await createTestContext();
    try {
      await local.deps.mailer.enqueue(local.database.db, 'file@example.com', notice());
      expect(await local.deps.mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
      const folder = path.join(local.deps.config.dataDir, 'mail');
      const files = await readdir(folder);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/password-reset-.+\.eml$/);
      const parsed = await simpleParser(await readFile(path.join(folder, files[0]!)));
      expect(parsed.subject).toBe('A message');
      expect(parsed.text).toContain('Open it: http://localhost:3000/dashboard');
      expect(parsed.html).toContain('href="http://localhost:3000/dashboard"');

      // the folder made again when someone removed it meanwhile
      await rm(folder, { recursive: true });
      await local.deps.mailer.enqueue(local.database.db, 'again@example.com', notice());
      expect(await local.deps.mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect(await readdir(folder)).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
