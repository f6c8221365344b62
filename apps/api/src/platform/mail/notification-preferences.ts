import { ALWAYS_SENT_MAIL_KINDS, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences, type NotificationSwitches } from '@crew/contracts';

/**
 * Where a member's notification switches live, read and written for the
 * profile (GET/PUT /api/users/me/notifications), the campaign opt-out
 * (mail-preferences, unsubscribe links) and the send-email job alike.
 *
 * A switch is on until the member turns it off. `news` is the campaign
 * opt-out, stored where campaigns have always kept it
 * (`mail_preferences.marketing`, with the time of the unsubscribe as the
 * consent record); the other kinds are rows of `notification_preferences`.
 */

/** A query runner: a DataSource or a transaction's EntityManager. */
export interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

const allOn = (): NotificationSwitches => Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationSwitches;

/** Every switch of a member (all on for a member who never chose, or one who does not exist). */
export const readNotificationSwitches = async (db: Queryable, userId: string): Promise<NotificationSwitches> => {
  const rows = await db.query<{ kind: string; enabled: boolean }[]>(
    `SELECT kind, enabled FROM notification_preferences WHERE user_id = $1
     UNION ALL SELECT 'news', marketing FROM mail_preferences WHERE user_id = $1`,
    [userId],
  );
  const switches = allOn();
  for (const { kind, enabled } of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(kind)) switches[kind as NotificationKind] = enabled;
  }
  return switches;
};

/** The answer of GET and PUT /api/users/me/notifications. */
export const readNotificationPreferences = async (db: Queryable, userId: string): Promise<NotificationPreferences> => ({
  switches: await readNotificationSwitches(db, userId),
  always_sent: [...ALWAYS_SENT_MAIL_KINDS],
});

/** Whether one kind of mail may go to a member now. */
export const notificationIsOn = async (db: Queryable, userId: string, kind: NotificationKind): Promise<boolean> => (await readNotificationSwitches(db, userId))[kind];

/** Of these members, the ones who turned this kind of mail off (one read for a batch of mails). */
export const membersWithNotificationOff = async (db: Queryable, userIds: readonly string[], kind: NotificationKind): Promise<Set<string>> => {
  if (userIds.length === 0) return new Set();
  const rows = await db.query<{ user_id: string }[]>(
    kind === 'news'
      ? 'SELECT user_id FROM mail_preferences WHERE user_id = ANY($1::uuid[]) AND NOT marketing'
      : 'SELECT user_id FROM notification_preferences WHERE user_id = ANY($1::uuid[]) AND kind = $2 AND NOT enabled',
    kind === 'news' ? [userIds] : [userIds, kind],
  );
  return new Set(rows.map((row) => row.user_id));
};

/**
 * Turns some switches on or off (the others keep their state). Nothing is
 * written for an account that does not exist (an unsubscribe link of an
 * erased account). Turning news off records when (`unsubscribed_at`);
 * saying off again keeps the first time.
 */
export const saveNotificationSwitches = async (db: Queryable, userId: string, changes: Partial<NotificationSwitches>): Promise<void> => {
  const { news, ...others } = changes;
  if (news !== undefined) {
    await db.query(
      `INSERT INTO mail_preferences (user_id, marketing, unsubscribed_at) SELECT id, $2, CASE WHEN $2 THEN NULL ELSE now() END FROM users WHERE id = $1
       ON CONFLICT (user_id) DO UPDATE SET marketing = EXCLUDED.marketing,
         unsubscribed_at = CASE WHEN mail_preferences.marketing = EXCLUDED.marketing THEN mail_preferences.unsubscribed_at ELSE EXCLUDED.unsubscribed_at END,
         updated_at = now()`,
      [userId, news],
    );
  }
  const kinds = Object.entries(others).filter((entry): entry is [NotificationKind, boolean] => typeof entry[1] === 'boolean');
  if (kinds.length === 0) return;
  await db.query(
    `INSERT INTO notification_preferences (user_id, kind, enabled)
     SELECT u.id, c.kind, c.enabled FROM users u CROSS JOIN unnest($2::text[], $3::boolean[]) AS c (kind, enabled) WHERE u.id = $1
     ON CONFLICT (user_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [userId, kinds.map(([kind]) => kind), kinds.map(([, enabled]) => enabled)],
  );
};
