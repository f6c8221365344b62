import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { localeOf } from '../../platform/mail/mail-i18n';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

/** What became of the ticket, as the mail says it ("Your support ticket "…" is open again: …"). */
const statusLine = (status: string, title: string, i18n: I18n): string => {
  switch (status) {
    case 'open':
      return t(i18n)`Your support ticket "${title}" is open again: our support team is on it.`;
    case 'pending':
      return t(i18n)`Your support ticket "${title}" is waiting for your answer. Reply on the ticket page and we will pick it up.`;
    case 'resolved':
      return t(
        i18n,
      )`Your support ticket "${title}" has been marked resolved. If anything is still wrong, reply and it opens again; you can also tell us whether you are satisfied.`;
    case 'closed':
      return t(i18n)`Your support ticket "${title}" has been closed.`;
    default:
      return t(i18n)`Your support ticket "${title}" has changed.`;
  }
};

/** The status as the subject names it. */
const statusSubject = (status: string, title: string, i18n: I18n): string => {
  switch (status) {
    case 'open':
      return t(i18n)`Ticket open: ${title}`;
    case 'pending':
      return t(i18n)`Ticket pending: ${title}`;
    case 'resolved':
      return t(i18n)`Ticket resolved: ${title}`;
    case 'closed':
      return t(i18n)`Ticket closed: ${title}`;
    default:
      return t(i18n)`Ticket ${status}: ${title}`;
  }
};

const ticketLink = (params: JsonObject, i18n: I18n): { label: string; url: string } => ({
  label: t(i18n)`View your ticket`,
  url: `${str(params, 'baseUrl')}/support?ticket=${str(params, 'ticketId')}`,
});

const subjectTitle = (params: JsonObject, i18n: I18n): string => str(params, 'ticketTitle') || t(i18n)`your support ticket`;

const renderers: MailRenderers = {};

renderers['support-ticket-reply'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const title = subjectTitle(params, i18n);
  return {
    subject: t(i18n)`Support replied: ${title}`,
    ...layout([t(i18n)`Hello ${firstName},`, t(i18n)`Our support team replied to "${title}":`, str(params, 'message')], ticketLink(params, i18n), localeOf(i18n)),
  };
};

renderers['support-ticket-status'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const status = str(params, 'status');
  const title = subjectTitle(params, i18n);
  return {
    subject: statusSubject(status, title, i18n),
    ...layout([t(i18n)`Hello ${firstName},`, statusLine(status, title, i18n)], ticketLink(params, i18n), localeOf(i18n)),
  };
};

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

/** The context's templates, the personal values they read when each mail is sent, and their kind of mail. */
export const supportMail = new MailTemplates(renderers, supportMailParams, {
  // Answers to a request the member made: always sent.
  'support-ticket-reply': 'account',
  'support-ticket-status': 'account',
});
