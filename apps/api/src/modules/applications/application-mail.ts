import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { MailTemplates } from '../../platform/contributions';
import type { MailRenderers } from '../../platform/mail/email-templates';
import { intlLocale } from '../../platform/mail/mail-i18n';
import type { MailParamResolver } from '../../platform/mail/send-email.job';
import { shippedRenderer } from '../../platform/mail/stored-templates';

const fullName = async (dataSource: DataSource, userId: unknown): Promise<string | null> => {
  if (typeof userId !== 'string') return null;
  const [row] = await dataSource.query<{ name: string }[]>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [userId]);
  return row?.name ?? null;
};

/** The voyage's first day ("June 1, 2026" in English), or that it is still to be confirmed. */
const departureOn = (isoDate: string, i18n: I18n): string =>
  isoDate
    ? new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(intlLocale(i18n, 'en-US'), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : t(i18n)`on a date to be confirmed`;

/** What an application is for: the whole voyage, or its legs by number. */
const legsOf = (orders: readonly unknown[], i18n: I18n): string => {
  if (orders.length === 0) return t(i18n)`the whole voyage`;
  const count = orders.length;
  const legs = orders.map(String).join(', ');
  return t(i18n)`${plural(count, { one: `leg ${legs}`, other: `leg ${legs}` })}`;
};

/**
 * What the reactor gives as raw values (the departure day, the legs' numbers),
 * worded in the recipient's language when the mail is sent. Jobs queued
 * before carry them worded in English already and keep them.
 */
const worded = (params: JsonObject, i18n: I18n): JsonObject => ({
  ...(typeof params['departureDate'] === 'string' ? { departure: departureOn(params['departureDate'], i18n) } : {}),
  ...(Array.isArray(params['legOrders']) ? { legs: legsOf(params['legOrders'], i18n) } : {}),
});

/**
 * The personal values of the application mails, read when each mail is sent
 * (the jobs carry only ids): the applicant's name and message, the skipper's
 * name. Someone erased in the meantime is named generically.
 */
const applicationMailParams: Record<string, MailParamResolver> = {
  'application-received': async (dataSource, params, i18n): Promise<JsonObject> => {
    const [message] =
      typeof params['applicationId'] === 'string'
        ? await dataSource.query<{ message: string }[]>('SELECT message FROM application_messages WHERE application_id = $1', [params['applicationId']])
        : [];
    return { ...worded(params, i18n), applicantName: (await fullName(dataSource, params['applicantId'])) ?? t(i18n)`A crew member`, message: message?.message ?? '' };
  },
  'application-accepted': async (dataSource, params, i18n): Promise<JsonObject> => ({
    ...worded(params, i18n),
    skipperName: (await fullName(dataSource, params['skipperId'])) ?? t(i18n)`The skipper`,
  }),
};

/* The skipper hears of each application, the crew of each decision and of a cancelled voyage (editable templates). */

const renderers: MailRenderers = {
  'application-received': shippedRenderer('application-received'),
  'application-accepted': shippedRenderer('application-accepted'),
  'application-rejected': shippedRenderer('application-rejected'),
  'voyage-cancelled': shippedRenderer('voyage-cancelled'),
};

export const applicationMail = new MailTemplates(renderers, applicationMailParams, {
  'application-received': 'application_updates',
  'application-accepted': 'application_updates',
  'application-rejected': 'application_updates',
  'voyage-cancelled': 'application_updates',
});
