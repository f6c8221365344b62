import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

/**
 * The administrator's own subject and text (templates admin_contact and
 * admin_voyage_contact), read from `admin_messages` when the mail is sent:
 * the job and the event carry only the message's id.
 */
const adminContact = (params: JsonObject) => ({
  subject: str(params, 'subject') || 'A message from the Crew Finder team',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      ...(str(params, 'voyageTitle') ? [`About your voyage "${str(params, 'voyageTitle')}":`] : []),
      ...str(params, 'message').split(/\n{2,}/),
    ],
    str(params, 'voyageId') ? { label: 'Open the voyage', url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}` } : undefined,
  ),
});
const renderers: MailRenderers = {};

renderers['monetization-changed'] = (params) => {
  const enabled = params['enabled'] === true;
  const body = layout(
    [
      `Hello ${str(params, 'firstName') || 'admin'},`,
      enabled
        ? 'Crew subscriptions are now switched ON: crew members inside the rollout need a subscription to apply for voyages.'
        : 'Crew subscriptions are now switched OFF: every crew member can apply for voyages free of charge.',
      `Changed at ${str(params, 'changedAt')}.`,
    ],
    { label: 'Open platform configuration', url: `${str(params, 'baseUrl')}/admin/config` },
  );
  return { subject: `Monetization ${enabled ? 'enabled' : 'disabled'}`, ...body };
};

renderers['admin_contact'] = adminContact;
renderers['admin_voyage_contact'] = adminContact;

renderers['voyage-suspended'] = (params) => ({
  subject: `Your voyage "${str(params, 'voyageTitle')}" has been suspended`,
  ...layout([
    `Hello ${str(params, 'firstName')},`,
    `An administrator has suspended your voyage "${str(params, 'voyageTitle')}". While it is suspended it is not shown in browse, on the map or in search, and nobody can apply to it.`,
    `Reason: ${str(params, 'reason')}`,
    'If you think this is a mistake, reply to this email or contact support.',
  ]),
});

renderers['voyage-reinstated'] = (params) => ({
  subject: `Your voyage "${str(params, 'voyageTitle')}" is live again`,
  ...layout([`Hello ${str(params, 'firstName')},`, `Your voyage "${str(params, 'voyageTitle')}" has been reinstated: crew can find it and apply again.`], {
    label: 'Open the voyage',
    url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}`,
  }),
});

renderers['account-suspended'] = (params) => ({
  subject: 'Your Crew Finder account has been suspended',
  ...layout([
    `Hello ${str(params, 'firstName')},`,
    'An administrator has suspended your Crew Finder account. While it is suspended you cannot sign in, and your voyages are not shown in browse, on the map or in search.',
    `Reason: ${str(params, 'reason')}`,
    'If you think this is a mistake, reply to this email or contact support.',
  ]),
});

renderers['account-reinstated'] = (params) => ({
  subject: 'Your Crew Finder account is active again',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'Your Crew Finder account has been reinstated: you can sign in again, and your voyages are back in browse.',
      ...(str(params, 'reason') ? [`Note from the team: ${str(params, 'reason')}`] : []),
    ],
    { label: 'Sign in', url: `${str(params, 'baseUrl')}/login` },
  ),
});

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

/** The context's templates and the personal values they read when each mail is sent. */
export const adminMail = new MailTemplates(renderers, adminMailParams);
