import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { emailTemplates, layout, str } from '../../platform/mail/email-templates';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

/**
 * The administrator's own subject and text (spec: admin_contact and
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
emailTemplates['admin_contact'] = adminContact;
emailTemplates['admin_voyage_contact'] = adminContact;

emailTemplates['voyage-suspended'] = (params) => ({
  subject: `Your voyage "${str(params, 'voyageTitle')}" has been suspended`,
  ...layout([
    `Hello ${str(params, 'firstName')},`,
    `An administrator has suspended your voyage "${str(params, 'voyageTitle')}". While it is suspended it is not shown in browse, on the map or in search, and nobody can apply to it.`,
    `Reason: ${str(params, 'reason')}`,
    'If you think this is a mistake, reply to this email or contact support.',
  ]),
});

emailTemplates['voyage-reinstated'] = (params) => ({
  subject: `Your voyage "${str(params, 'voyageTitle')}" is live again`,
  ...layout([`Hello ${str(params, 'firstName')},`, `Your voyage "${str(params, 'voyageTitle')}" has been reinstated: crew can find it and apply again.`], {
    label: 'Open the voyage',
    url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}`,
  }),
});

emailTemplates['account-suspended'] = (params) => ({
  subject: 'Your Crew Finder account has been suspended',
  ...layout([
    `Hello ${str(params, 'firstName')},`,
    'An administrator has suspended your Crew Finder account. While it is suspended you cannot sign in, and your voyages are not shown in browse, on the map or in search.',
    `Reason: ${str(params, 'reason')}`,
    'If you think this is a mistake, reply to this email or contact support.',
  ]),
});

emailTemplates['account-reinstated'] = (params) => ({
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
export const adminMailParams: Record<string, MailParamResolver> = {
  admin_contact: adminMessage,
  admin_voyage_contact: adminMessage,
};
