import { createHmac, timingSafeEqual } from 'node:crypto';
import { type NotificationTopic, notificationTopicSchema } from '@pet-haven/shared/notifications';

/**
 * The token of an unsubscribe link: `<user id>.<topic>.<HMAC>`, signed with AUTH_SECRET under a
 * label of its own, so it is good for this user and topic only, needs no sign-in and no database
 * row, and is no token of any other flow (reset, verification and sign-in links are Better
 * Auth's, stored or signed differently).
 */
const LABEL = 'pet-haven:unsubscribe:v1';

const signatureOf = (secret: string, userId: string, topic: string) =>
  createHmac('sha256', secret).update(`${LABEL}:${userId}:${topic}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, topic: NotificationTopic): string {
  return `${userId}.${topic}.${signatureOf(secret, userId, topic)}`;
}

/** The user and topic of a genuine token, or null. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; topic: NotificationTopic } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, topicText, signature] = parts as [string, string, string];
  const topic = notificationTopicSchema.safeParse(topicText);
  if (!userId || !topic.success) return null;
  const expected = Buffer.from(signatureOf(secret, userId, topic.data));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, topic: topic.data };
}
