import {
  type NotificationSettings,
  type NotificationTopic,
  notificationTopicLabels,
  notificationTopics,
  type UnsubscribeAnswer,
} from '@pet-haven/shared/notifications';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import type { MailContent } from '../mail/mail.templates';
import * as repo from './notifications.repository';
import { readUnsubscribeToken, unsubscribeToken } from './notifications.token';

/** What a notification's template needs to know about its recipient. */
export interface NotifiedUser {
  name: string;
}

/**
 * Writes a notification for `userId` to the mail outbox in `db` (the transaction of the change
 * that causes it), unless they turned `topic` off. The mail carries a one-click unsubscribe link
 * for the topic. Answers whether it was written; call `deps.mailer.wake()` after the commit.
 */
export async function notify(
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  db: DbOrTx,
  userId: string,
  topic: NotificationTopic,
  template: (recipient: NotifiedUser) => MailContent,
): Promise<boolean> {
  const recipient = await repo.findRecipient(db, userId, topic);
  if (!recipient || recipient.optedOut) return false;
  const token = unsubscribeToken(deps.config.authSecret, userId, topic);
  const content: MailContent = {
    ...template({ name: recipient.name }),
    unsubscribe: {
      page: `${deps.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
      oneClick: `${deps.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    },
  };
  return deps.mailer.enqueue(db, recipient.email, content);
}

/** GET /api/user/notifications: which topics' mail goes to the caller. */
export async function getSettings(deps: AppDeps, actor: AuthUser): Promise<NotificationSettings> {
  const off = new Set(await repo.listOptOuts(deps.database.db, actor.id));
  return Object.fromEntries(
    notificationTopics.map((topic) => [topic, !off.has(topic)]),
  ) as NotificationSettings;
}

/** PUT /api/user/notifications: sets every topic at once. */
export async function saveSettings(
  deps: AppDeps,
  actor: AuthUser,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await deps.database.db.transaction(async (tx) => {
    for (const topic of notificationTopics) {
      await repo.setOptOut(tx, actor.id, topic, !settings[topic]);
    }
  });
  return getSettings(deps, actor);
}

/**
 * POST /api/notifications/unsubscribe?token=...: the link of a notification mail turns its topic
 * off for its recipient, without signing in (also as the one-click List-Unsubscribe-Post).
 * Doing it again changes nothing. A token that is not genuine is a 400.
 */
export async function unsubscribe(deps: AppDeps, token: string): Promise<UnsubscribeAnswer> {
  const read = readUnsubscribeToken(deps.config.authSecret, token);
  if (!read) {
    throw new AppError('INVALID_TOKEN', 'This unsubscribe link is not valid.', [
      { path: 'query.token', message: 'This unsubscribe link is not valid.' },
    ]);
  }
  if (await repo.userExists(deps.database.db, read.userId)) {
    await repo.setOptOut(deps.database.db, read.userId, read.topic, true);
  }
  return { topic: read.topic, label: notificationTopicLabels[read.topic] };
}
