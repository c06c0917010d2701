import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { MailStatus } from '@pet-haven/shared/mail';
import {
  anyDueMessage,
  claimDueMessages,
  countOutbox,
  countMessagesTo,
  insertOutboxMessage,
  markMessageFailed,
  markMessagesSent,
  type NewOutboxMessage,
} from './mail.repository';
import { headerSafe, renderMail, type MailContent, type SiteInfo } from './mail.templates';
import { createMailTransport, type MailTransport } from './mail.transport';

/**
 * Mail (decision 031). A change that causes a message calls `enqueue` with its own transaction:
 * the message is rendered and written to the outbox, and exists exactly when the change does.
 * The worker of every server process delivers due messages: it claims a few at a time (`skip
 * locked`, with a lease), sends each, and marks the batch's sent ones in one statement (decision
 * 053), a failed one due again after a back-off, or given up after MAX_ATTEMPTS with the last
 * error kept. A slow or failing SMTP server delays mail, never a request; two processes never
 * claim the same message.
 */
export interface Mailer {
  /** `smtp` when SMTP_URL is set; `files` writes .eml files under DATA_DIR/mail. */
  readonly delivery: MailTransport['kind'];
  readonly site: SiteInfo;
  /**
   * Writes the message to the outbox in `db` (pass the transaction of the change). With `atMost`,
   * writes nothing when as many messages of its kind went to `to` within the window (so a form
   * cannot flood someone's mailbox); answers whether it was written.
   */
  enqueue(
    db: DbOrTx,
    to: string,
    content: MailContent,
    atMost?: { count: number; withinMs: number },
  ): Promise<boolean>;
  /**
   * The outbox row of a message, rendered, for a statement that writes it itself with the change
   * that causes it (`record_donation`, decision 045); `enqueue` is this and the write.
   */
  compose(to: string, content: MailContent): NewOutboxMessage;
  /** Lets this process's worker look for due messages now (call it once the change committed). */
  wake(): void;
  /** Delivers every message due now, a batch at a time; answers how many went and how many failed. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
  /** Starts the worker: a pass every POLL_MS and on `wake()`. */
  start(): void;
  /** Stops the worker after its current pass and closes the connection to the SMTP server. */
  stop(): Promise<void>;
}

/** Attempts before a message is given up (back-off 30 s doubling: about an hour in all). */
export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** How long a claim keeps a message from other workers: longer than any SMTP exchange may last. */
const LEASE_MS = 5 * 60_000;
const BATCH = 10;
/** No message is started this close to the end of its claim's lease (longer than one SMTP exchange). */
const LEASE_MARGIN_MS = 60_000;
/** Past this far into a lease, what was delivered is marked sent before each further send. */
export const MARK_EACH_AFTER_MS = LEASE_MS - 2 * LEASE_MARGIN_MS;
const POLL_MS = 5_000;

/** When a message that failed its `attempts`-th try is tried again, or null to give up. */
function nextAttemptAfterFailure(attempts: number, now: Date): Date | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  const delay = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
  return new Date(now.getTime() + delay);
}

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

export function createMailer(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'now'>,
  transport: MailTransport = createMailTransport(deps.config, deps.logger),
): Mailer {
  const { database, now } = deps;
  const logger = deps.logger.child({ module: 'mail' });
  const site: SiteInfo = { name: 'Pet Haven', url: deps.config.publicUrl };
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function pass() {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const at = now();
      if (!(await anyDueMessage(database.db, at))) return { sent, failed };
      const claimed = await claimDueMessages(
        database.db,
        at,
        new Date(at.getTime() + LEASE_MS),
        BATCH,
      );
      // Marked sent together when the batch is through (one statement, not one per message), and
      // before each send once the lease is past MARK_EACH_AFTER_MS: a send begun then that
      // overruns the lease leaves only itself to be sent again by the worker that claims it next.
      let delivered: string[] = [];
      const markDelivered = async () => {
        const ids = delivered;
        delivered = [];
        try {
          await markMessagesSent(database.db, ids, now());
        } catch (err) {
          // kept for the mark after the loop (marking twice only rewrites sent_at)
          delivered = ids.concat(delivered);
          throw err;
        }
        sent += ids.length;
      };
      let failure: { err: unknown } | null = null;
      try {
        for (const message of claimed) {
          const into = now().getTime() - at.getTime();
          // a slow SMTP server may eat the batch's lease: once it is nearly over, another worker
          // may claim what is left, so this one sends no more of it (they are tried again then)
          if (into >= LEASE_MS - LEASE_MARGIN_MS) break;
          if (into >= MARK_EACH_AFTER_MS) await markDelivered();
          try {
            await transport.deliver(message);
            delivered.push(message.id);
          } catch (err) {
            const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
            const retryAt = nextAttemptAfterFailure(message.attempts, now());
            await markMessageFailed(database.db, message.id, reason, now(), retryAt);
            failed += 1;
            logger.warn(
              { id: message.id, kind: message.kind, attempts: message.attempts, retryAt, reason },
              retryAt ? 'Mail not delivered; will try again' : 'Mail not delivered; given up',
            );
          }
        }
      } catch (err) {
        failure = { err };
      }
      // what was delivered is marked even when the pass failed on the way (the database's error
      // is answered first; a second one is logged)
      await markDelivered().catch((err: unknown) => {
        if (!failure) throw err;
        logger.warn({ err }, 'Delivered mail not marked sent; sent again after its lease');
      });
      if (failure) throw failure.err;
      if (claimed.length < BATCH) return { sent, failed };
    }
  }

  function deliverDue() {
    if (running) {
      // a pass is under way: it runs once more when it ends, for what was just written
      again = true;
      return running;
    }
    running = (async () => {
      const total = { sent: 0, failed: 0 };
      do {
        again = false;
        const { sent, failed } = await pass();
        total.sent += sent;
        total.failed += failed;
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function compose(to: string, content: MailContent): NewOutboxMessage {
    if (!EMAIL.test(to)) throw new Error('compose: not one e-mail address');
    const rendered = renderMail(content, site);
    return {
      kind: content.kind,
      recipient: to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      unsubscribeUrl: content.unsubscribe ? headerSafe(content.unsubscribe.oneClick) : null,
    };
  }

  const tick = () => {
    deliverDue().catch((err) => logger.warn({ err }, 'Mail delivery pass failed'));
  };

  return {
    delivery: transport.kind,
    site,
    compose,
    async enqueue(db, to, content, atMost) {
      if (atMost) {
        const since = new Date(now().getTime() - atMost.withinMs);
        if ((await countMessagesTo(db, to, content.kind, since)) >= atMost.count) {
          logger.info(
            { kind: content.kind },
            'Mail not written: too many of its kind to one address',
          );
          return false;
        }
      }
      // rendered only once it is known to be written
      await insertOutboxMessage(db, compose(to, content), now());
      return true;
    },
    wake() {
      if (timer) setImmediate(tick);
    },
    deliverDue,
    start() {
      if (timer) return;
      timer = setInterval(tick, POLL_MS).unref();
      setImmediate(tick);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}

/** GET /api/admin/mail-status: how mail leaves this site, and what waits or failed. */
export async function mailStatus(deps: Pick<AppDeps, 'database' | 'mailer'>): Promise<MailStatus> {
  return { delivery: deps.mailer.delivery, ...(await countOutbox(deps.database.db)) };
}
