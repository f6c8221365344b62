import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
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
export const applicationMailParams: Record<string, MailParamResolver> = {
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
