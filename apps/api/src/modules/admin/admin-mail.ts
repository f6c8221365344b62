import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { intlLocale, localeOf } from '../../platform/mail/mail-i18n';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

/**
 * The administrator's own subject and text (templates admin_contact and
 * admin_voyage_contact), read from `admin_messages` when the mail is sent:
 * the job and the event carry only the message's id. The administrator's
 * words are sent as written; the greeting and the rest are the recipient's language.
 */
const adminContact = (params: JsonObject, i18n: I18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  return {
    subject: str(params, 'subject') || t(i18n)`A message from the Crew Finder team`,
    ...layout(
      [t(i18n)`Hello ${firstName},`, ...(voyageTitle ? [t(i18n)`About your voyage "${voyageTitle}":`] : []), ...str(params, 'message').split(/\n{2,}/)],
      str(params, 'voyageId') ? { label: t(i18n)`Open the voyage`, url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}` } : undefined,
      localeOf(i18n),
    ),
  };
};
const renderers: MailRenderers = {};

/** When a change was recorded, in the recipient's language (the recorded text when it is no time). */
const changedAtOf = (iso: string, i18n: I18n): string => {
  const at = new Date(iso);
  if (!iso || Number.isNaN(at.getTime())) return iso;
  // English keeps the instant as recorded (ISO), as this notice always said it.
  return localeOf(i18n) === 'en' ? iso : at.toLocaleString(intlLocale(i18n), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', timeZoneName: 'short' });
};

renderers['monetization-changed'] = (params, i18n) => {
  const enabled = params['enabled'] === true;
  const firstName = str(params, 'firstName') || t(i18n)`admin`;
  const changedAt = changedAtOf(str(params, 'changedAt'), i18n);
  const body = layout(
    [
      t(i18n)`Hello ${firstName},`,
      enabled
        ? t(i18n)`Crew subscriptions are now switched ON: crew members inside the rollout need a subscription to apply for voyages.`
        : t(i18n)`Crew subscriptions are now switched OFF: every crew member can apply for voyages free of charge.`,
      t(i18n)`Changed at ${changedAt}.`,
    ],
    { label: t(i18n)`Open platform configuration`, url: `${str(params, 'baseUrl')}/admin/config` },
    localeOf(i18n),
  );
  return { subject: enabled ? t(i18n)`Monetization enabled` : t(i18n)`Monetization disabled`, ...body };
};

renderers['admin_contact'] = adminContact;
renderers['admin_voyage_contact'] = adminContact;

renderers['voyage-suspended'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  const reason = str(params, 'reason');
  return {
    subject: t(i18n)`Your voyage "${voyageTitle}" has been suspended`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(i18n)`An administrator has suspended your voyage "${voyageTitle}". While it is suspended it is not shown in browse, on the map or in search, and nobody can apply to it.`,
        t(i18n)`Reason: ${reason}`,
        t(i18n)`If you think this is a mistake, reply to this email or contact support.`,
      ],
      undefined,
      localeOf(i18n),
    ),
  };
};

renderers['voyage-reinstated'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const voyageTitle = str(params, 'voyageTitle');
  return {
    subject: t(i18n)`Your voyage "${voyageTitle}" is live again`,
    ...layout(
      [t(i18n)`Hello ${firstName},`, t(i18n)`Your voyage "${voyageTitle}" has been reinstated: crew can find it and apply again.`],
      { label: t(i18n)`Open the voyage`, url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}` },
      localeOf(i18n),
    ),
  };
};

renderers['account-suspended'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const reason = str(params, 'reason');
  return {
    subject: t(i18n)`Your Crew Finder account has been suspended`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`An administrator has suspended your Crew Finder account. While it is suspended you cannot sign in, and your voyages are not shown in browse, on the map or in search.`,
        t(i18n)`Reason: ${reason}`,
        t(i18n)`If you think this is a mistake, reply to this email or contact support.`,
      ],
      undefined,
      localeOf(i18n),
    ),
  };
};

renderers['account-reinstated'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const reason = str(params, 'reason');
  return {
    subject: t(i18n)`Your Crew Finder account is active again`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(i18n)`Your Crew Finder account has been reinstated: you can sign in again, and your voyages are back in browse.`,
        ...(reason ? [t(i18n)`Note from the team: ${reason}`] : []),
      ],
      { label: t(i18n)`Sign in`, url: `${str(params, 'baseUrl')}/login` },
      localeOf(i18n),
    ),
  };
};

const adminMessage: MailParamResolver = async (dataSource: DataSource, params: JsonObject): Promise<JsonObject> => {
  const id = params['messageId'];
  if (typeof id !== 'string') return {};
  const [row] = await dataSource.query<{ subject: string; message: string; voyage_id: string | null; title: string | null }[]>(
    `SELECT m.subject, m.message, m.voyage_id, v.title FROM admin_messages m LEFT JOIN voyage_summaries v ON v.voyage_id = m.voyage_id WHERE m.id = $1`,
    [id],
  );
  return row ? { subject: row.subject, message: row.message, voyageId: row.voyage_id ?? '', voyageTitle: row.title ?? '' } : {};
};

/** Personal values of the admin mails, read at send time. */
const adminMailParams: Record<string, MailParamResolver> = {
  admin_contact: adminMessage,
  admin_voyage_contact: adminMessage,
};

/** The context's templates, the personal values they read when each mail is sent, and their kind of mail: the team's decisions and words to a member are always sent. */
export const adminMail = new MailTemplates(renderers, adminMailParams, {
  'monetization-changed': 'account',
  admin_contact: 'account',
  admin_voyage_contact: 'account',
  'voyage-suspended': 'account',
  'voyage-reinstated': 'account',
  'account-suspended': 'account',
  'account-reinstated': 'account',
});
