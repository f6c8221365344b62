import { z } from 'zod';
import { notificationPaths } from './paths';
import type { RouteContract } from './routes';

/**
 * A member's notification preferences: which kinds of mail Crew Finder sends
 * them. Every mail template belongs to exactly one kind (declared where the
 * template is registered); the send-email job reads the recipient's switch
 * for that kind when the mail is sent, so no notice, whichever reactor queued
 * it, goes out once its kind is turned off.
 */

/**
 * The kinds a member can turn off, in the order the profile shows them. The
 * keys are stable: they are stored, and they are the API's field names.
 * `news` (campaigns) is the switch that unsubscribe links turn off.
 */
export const NOTIFICATION_KINDS = ['application_updates', 'messages', 'reviews', 'saved_search_alerts', 'berth_watch', 'subscription', 'news'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds that are always sent, whatever the switches say: without them a
 * member could not prove their address, get back into their account, hear
 * that someone else is in it, learn a decision about their account or
 * support request, or be reached as someone's shore contact.
 */
export const ALWAYS_SENT_MAIL_KINDS = ['verification', 'password_reset', 'security', 'account', 'safety'] as const;
export type AlwaysSentMailKind = (typeof ALWAYS_SENT_MAIL_KINDS)[number];

/** The kind of one mail template: a switch, or always sent. */
export type MailKind = NotificationKind | AlwaysSentMailKind;
export const MAIL_KINDS: readonly MailKind[] = [...NOTIFICATION_KINDS, ...ALWAYS_SENT_MAIL_KINDS];

export const isNotificationKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);
export const isMailKind = (kind: string): kind is MailKind => (MAIL_KINDS as readonly string[]).includes(kind);

/** Every switch, on (true) or off. A member who never chose has them all on. */
export const notificationSwitchesSchema = z
  .object({
    application_updates: z
      .boolean()
      .describe('Applications: new ones to your voyages, accepted, not selected, expired; a voyage you applied to cancelled; crew agreements to read'),
    messages: z.boolean().describe('A message left unread for 15 minutes (at most one mail an hour per conversation)'),
    reviews: z.boolean().describe('Invitations to review your crew or skipper after a voyage'),
    saved_search_alerts: z.boolean().describe("New voyages matching a saved search, at once or in a digest (each search's own alert setting still applies)"),
    berth_watch: z.boolean().describe('A berth opening on a full voyage you watch'),
    subscription: z.boolean().describe('Your crew subscription: confirmations, renewals, payment problems, the end of a trial or subscription'),
    news: z.boolean().describe('News and campaign mail from Crew Finder (the same choice as the unsubscribe link in campaign mail)'),
  } satisfies Record<NotificationKind, z.ZodBoolean>)
  .meta({ id: 'NotificationSwitches' });
export type NotificationSwitches = z.infer<typeof notificationSwitchesSchema>;

export const notificationPreferencesSchema = z
  .object({
    switches: notificationSwitchesSchema,
    /** Kinds of mail no switch turns off (verification, password reset, security notices, account and safety notices). */
    always_sent: z.array(z.enum(ALWAYS_SENT_MAIL_KINDS)).describe('Kinds of mail that are always sent: they cannot be turned off'),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Some switches or all of them; those left out keep their state. An unknown key is refused (400). */
export const notificationPreferencesUpdateSchema = notificationSwitchesSchema.partial().strict().meta({ id: 'NotificationPreferencesUpdate' });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

export const notificationRoutes = {
  getNotificationPreferences: {
    method: 'GET',
    path: notificationPaths.notificationPreferences,
    summary: "The signed-in member's notification switches (one per kind of mail, all on until turned off) and the kinds of mail that are always sent",
    tag: 'profile',
    auth: 'user',
    response: notificationPreferencesSchema,
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: notificationPaths.notificationPreferences,
    summary:
      'Turn kinds of mail on or off: any of the switches, the rest keep their state; answers every switch. `news` is the campaign opt-out (the same as PUT /api/users/me/mail-preferences and the unsubscribe links)',
    tag: 'profile',
    auth: 'user',
    body: notificationPreferencesUpdateSchema,
    response: notificationPreferencesSchema,
  },
} as const satisfies Record<string, RouteContract>;
