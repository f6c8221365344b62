import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { MailTemplates } from '../../platform/contributions';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

const fullName = async (dataSource: DataSource, userId: unknown): Promise<string | null> => {
  if (typeof userId !== 'string') return null;
  const [row] = await dataSource.query<{ name: string }[]>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [userId]);
  return row?.name ?? null;
};

/**
 * The personal values of the application mails, read when each mail is sent
 * (the jobs carry only ids): the applicant's name and message, the skipper's
 * name. Someone erased in the meantime is named generically.
 */
const applicationMailParams: Record<string, MailParamResolver> = {
  'application-received': async (dataSource, params): Promise<JsonObject> => {
    const [message] =
      typeof params['applicationId'] === 'string'
        ? await dataSource.query<{ message: string }[]>('SELECT message FROM application_messages WHERE application_id = $1', [params['applicationId']])
        : [];
    return { applicantName: (await fullName(dataSource, params['applicantId'])) ?? 'A crew member', message: message?.message ?? '' };
  },
  'application-accepted': async (dataSource, params): Promise<JsonObject> => ({
    skipperName: (await fullName(dataSource, params['skipperId'])) ?? 'The skipper',
  }),
};

const renderers: MailRenderers = {};

/* The skipper hears of each application, the crew of each decision and of a cancelled voyage. */

renderers['application-received'] = (params) => {
  const message = str(params, 'message');
  return {
    subject: `New application for ${str(params, 'voyageTitle')}`,
    ...layout(
      [
        `Hello ${str(params, 'firstName')},`,
        `${str(params, 'applicantName')} has applied to join "${str(params, 'voyageTitle')}" (${str(params, 'legs')}).`,
        ...(message ? [`Their message: “${message}”`] : []),
        'Look at their profile, experience and skills, then accept or reject the application.',
      ],
      { label: 'Review applications', url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}/applications` },
    ),
  };
};

renderers['application-accepted'] = (params) => ({
  subject: `You're on the crew: ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `Good news: ${str(params, 'skipperName')} has accepted your application for "${str(params, 'voyageTitle')}", departing ${str(params, 'departure')}.`,
      'The voyage page has the route, dates and boat. Get in touch with your skipper to plan the details.',
    ],
    { label: 'Open the voyage', url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}` },
  ),
});

renderers['application-rejected'] = (params) => ({
  subject: `Your application for ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `Thank you for applying to "${str(params, 'voyageTitle')}". The skipper has not selected you for this voyage.`,
      'There are many more voyages looking for crew; the next one may be a better fit.',
    ],
    { label: 'Browse other voyages', url: `${str(params, 'baseUrl')}/voyages` },
  ),
});

renderers['voyage-cancelled'] = (params) => ({
  subject: `Voyage cancelled: ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `The skipper has cancelled "${str(params, 'voyageTitle')}", which you applied to. Your application is closed; nothing more is needed from you.`,
      'Other voyages are looking for crew on similar dates and routes.',
    ],
    { label: 'Browse voyages', url: `${str(params, 'baseUrl')}/voyages` },
  ),
});

export const applicationMail = new MailTemplates(renderers, applicationMailParams);
