import { accountMail } from '../../src/modules/accounts/account-mail';
import { adminMail } from '../../src/modules/admin/admin-mail';
import { applicationMail } from '../../src/modules/applications/application-mail';
import { messagingMail } from '../../src/modules/messaging/unread-notices';
import { reviewMail } from '../../src/modules/reviews/review-mail';
import { subscriptionMail } from '../../src/modules/subscriptions/subscription-mail';
import { campaignMail } from '../../src/modules/communications/campaigns';
import { supportMail } from '../../src/modules/support/support-mail';
import { safetyMail } from '../../src/modules/safety/safety-mail';
import { MailTemplateRegistry } from '../../src/platform/mail/mail-template-registry';

/**
 * Every context's email templates, for a mail worker started outside the
 * application (the kill -9 fixtures); the application discovers the same set.
 */
export const CONTEXT_MAIL_TEMPLATES = [accountMail, adminMail, applicationMail, messagingMail, reviewMail, subscriptionMail, campaignMail, supportMail, safetyMail];

export const allMailTemplates = (): MailTemplateRegistry => {
  const registry = new MailTemplateRegistry();
  registry.register(CONTEXT_MAIL_TEMPLATES);
  return registry;
};
