import type { JsonObject } from '@crew/domain';
import { t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { localeOf } from '../../platform/mail/mail-i18n';
import type { MailParamResolver } from '../../platform/mail/send-email.job';

const renderers: MailRenderers = {};

renderers['review-invitation'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const skipper = params['recipientIsSkipper'] === true;
  const title = str(params, 'voyageTitle') || t(i18n)`your voyage`;
  return {
    subject: skipper ? t(i18n)`Review your crew: ${title}` : t(i18n)`Review your skipper: ${title}`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        skipper
          ? t(i18n)`"${title}" is marked as completed. Tell other sailors what it was like to sail with your crew: a few stars and a few words.`
          : t(i18n)`"${title}" is marked as completed. Tell other sailors what it was like to sail with your skipper: a few stars and a few words.`,
        t(
          i18n,
        )`Reviews are double-blind: yours is shown once the other side has reviewed you too, or 14 days after the voyage was completed, and you can change it until then. Reviews close after those 14 days.`,
      ],
      { label: t(i18n)`Write your review`, url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}#reviews` },
      localeOf(i18n),
    ),
  };
};

/** The voyage's title and whether the recipient skippered it, read when the mail is sent. */
const reviewMailParams: Record<string, MailParamResolver> = {
  'review-invitation': async (dataSource: DataSource, params: JsonObject): Promise<JsonObject> => {
    const voyageId = params['voyageId'];
    if (typeof voyageId !== 'string') return {};
    const [voyage] = await dataSource.query<{ title: string; skipper_id: string }[]>('SELECT title, skipper_id FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
    return { voyageTitle: voyage?.title ?? '', recipientIsSkipper: voyage !== undefined && voyage.skipper_id === params['recipientId'] };
  },
};

/** The context's templates, the personal values they read when each mail is sent, and their kind of mail. */
export const reviewMail = new MailTemplates(renderers, reviewMailParams, { 'review-invitation': 'reviews' });
