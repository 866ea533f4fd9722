import { z } from 'zod';
import { paginated } from './common';
import { choiceField, idQueryField, requestBody } from './fields';

/** What happened, as the bell and the emails name it. */
export const NOTIFICATION_VERBS = [
  'commented',
  'mentioned',
  'lead_created',
  'estimate_sent',
  'estimate_decided',
  'test_run_signed_off',
] as const;
export type NotificationVerb = (typeof NOTIFICATION_VERBS)[number];

export const NOTIFICATION_TARGET_TYPES = [
  'estimate_item',
  'estimate',
  'lead',
  'project_note',
  'test_run',
] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/** One notification of the signed-in user (a row per recipient). */
export const notificationSchema = z.object({
  id: z.number().int(),
  verb: z.enum(NOTIFICATION_VERBS),
  actor: personSchema.nullable(),
  target: z.object({
    type: z.enum(NOTIFICATION_TARGET_TYPES),
    id: z.number().int(),
    label: z.string(),
  }),
  /** One line a person reads in the bell and in an email. */
  text: z.string(),
  /** Where the notification leads, a path inside the web app (`/estimates/3?item=7`). */
  url: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = paginated(notificationSchema);

/** `?unread=true` keeps the unread ones; `false` or absent lists all. */
export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationUnreadCountSchema = z.object({ count: z.number().int() });
export type NotificationUnreadCount = z.infer<typeof notificationUnreadCountSchema>;

/** `read-all/` answers how many it marked. */
export const notificationReadAllSchema = z.object({ marked: z.number().int() });

export const NOTIFICATION_EMAIL_CHOICES = ['instant', 'daily', 'off'] as const;
export type NotificationEmailChoice = (typeof NOTIFICATION_EMAIL_CHOICES)[number];

export const NOTIFICATION_EMAIL_LABELS: Record<NotificationEmailChoice, string> = {
  instant: 'Right away, one email each',
  daily: 'Once a day, a digest of what is still unread',
  off: 'Never (only in the portal)',
};

export const notificationSettingsSchema = z.object({ email: z.enum(NOTIFICATION_EMAIL_CHOICES) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsUpdateRequestSchema = requestBody({
  email: choiceField(NOTIFICATION_EMAIL_CHOICES),
});
export type NotificationSettingsUpdateRequest = z.infer<
  typeof notificationSettingsUpdateRequestSchema
>;

/** `?client=` names the client whose people may be mentioned beside staff; absent: staff only. */
export const mentionableQuerySchema = z.object({
  client: idQueryField().optional(),
});
export const mentionablePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type MentionablePerson = z.infer<typeof mentionablePersonSchema>;
export const mentionableListSchema = z.array(mentionablePersonSchema);

/**
 * A mention in a comment or note is `@` and the person's email address: plain text that reads
 * well wherever the comment is shown, and names exactly one person.
 */
export const MENTION_PATTERN =
  /(^|[\s(])@([^\s@()<>,;:]+@[^\s@()<>,;:]+\.[^\s@()<>,;:]*[^\s@()<>,;:.])/g;

/** The lower-cased email addresses mentioned in a text. */
export const mentionedEmails = (text: string): string[] => [
  ...new Set([...text.matchAll(MENTION_PATTERN)].map((match) => (match[2] ?? '').toLowerCase())),
];

/** The one-click unsubscribe answer (the page a person lands on, and the POST of mail clients). */
export const unsubscribeQuerySchema = z.object({
  user: idQueryField(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
  /** On the POST of the page's Undo: the choice to bring back instead of turning emails off. */
  restore: z.enum(['instant', 'daily']).optional(),
});
