import { z } from 'zod';

/**
 * The kinds of notification mail a user can turn off (on the profile page, or by the unsubscribe
 * link of any such mail). Security mail (verification, reset, sign-in links) and donation
 * receipts always go.
 */
export const notificationTopics = [
  'adoption-requests',
  'adoption-decisions',
  'adoption-messages',
  'campaign-updates',
  'pet-alerts',
] as const;
export type NotificationTopic = (typeof notificationTopics)[number];

/** What each topic's mail is about, as the profile page and the unsubscribe page say it. */
export const notificationTopicLabels: Record<NotificationTopic, string> = {
  'adoption-requests': 'Someone asks to adopt one of my pets, or withdraws their request',
  'adoption-decisions': 'The owner accepts or rejects my adoption request, or the pet finds a home',
  'adoption-messages': 'A new message in the conversation on an adoption request',
  'campaign-updates': 'My donation campaign reaches its maximum or its last date',
  'pet-alerts': 'New pets match one of my saved searches (at most once a day per search)',
};

export const notificationTopicSchema = z.enum(notificationTopics);

/** GET and PUT /api/user/notifications: whether each topic's mail is sent to the caller. */
export const notificationSettingsSchema = z
  .object({
    'adoption-requests': z.boolean(),
    'adoption-decisions': z.boolean(),
    'adoption-messages': z.boolean(),
    'campaign-updates': z.boolean(),
    'pet-alerts': z.boolean(),
  })
  .strict()
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** POST /api/notifications/unsubscribe?token=...: the token of a mail's unsubscribe link. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'token is required').max(400),
});

/** What the unsubscribe link stopped. */
export const unsubscribeAnswerSchema = z
  .object({ topic: notificationTopicSchema, label: z.string() })
  .meta({ id: 'Unsubscribed' });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
