import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

const STATUS_LINE: Record<string, string> = {
  open: 'is open again: our support team is on it.',
  pending: 'is waiting for your answer. Reply on the ticket page and we will pick it up.',
  resolved: 'has been marked resolved. If anything is still wrong, reply and it opens again; you can also tell us whether you are satisfied.',
  closed: 'has been closed.',
};

const ticketLink = (params: JsonObject): { label: string; url: string } => ({
  label: 'View your ticket',
  url: `${str(params, 'baseUrl')}/support?ticket=${str(params, 'ticketId')}`,
});

const subjectTitle = (params: JsonObject): string => str(params, 'ticketTitle') || 'your support ticket';

const renderers: MailRenderers = {};

renderers['support-ticket-reply'] = (params) => ({
  subject: `Support replied: ${subjectTitle(params)}`,
  ...layout([`Hello ${str(params, 'firstName')},`, `Our support team replied to "${subjectTitle(params)}":`, str(params, 'message')], ticketLink(params)),
});

renderers['support-ticket-status'] = (params) => ({
  subject: `Ticket ${str(params, 'status')}: ${subjectTitle(params)}`,
  ...layout([`Hello ${str(params, 'firstName')},`, `Your support ticket "${subjectTitle(params)}" ${STATUS_LINE[str(params, 'status')] ?? 'has changed.'}`], ticketLink(params)),
});

/** The ticket's title, read when the mail is sent (never carried by the job); blank once its requester is erased. */
const ticketTitle: MailParamResolver = async (dataSource: DataSource, params: JsonObject): Promise<JsonObject> => {
  const ticketId = params['ticketId'];
  if (typeof ticketId !== 'string') return {};
  const [row] = await dataSource.query<{ title: string; erased: boolean }[]>('SELECT title, erased FROM support_tickets WHERE ticket_id = $1', [ticketId]);
  return { ticketTitle: row && !row.erased ? row.title : '' };
};

const supportMailParams: Record<string, MailParamResolver> = {
  'support-ticket-reply': ticketTitle,
  'support-ticket-status': ticketTitle,
};

/** The context's templates and the personal values they read when each mail is sent. */
export const supportMail = new MailTemplates(renderers, supportMailParams);
