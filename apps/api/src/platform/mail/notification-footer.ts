import type { NotificationKind } from '@crew/contracts';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { RenderedEmail } from './email-templates';
import { localeOf } from './mail-i18n';
import { localizedUrl } from './mail-links';

/** The switches' names, as the profile's Notifications tab shows them. */
const SWITCH_NAMES: Readonly<Record<NotificationKind, MessageDescriptor>> = {
  application_updates: msg`Application updates`,
  messages: msg`Messages`,
  reviews: msg`Review invitations`,
  saved_search_alerts: msg`Saved search alerts`,
  berth_watch: msg`Berth watch`,
  subscription: msg`Subscription`,
  news: msg`News from Crew Finder`,
};

/** The profile's Notifications tab, in the mail's language. */
export const notificationSettingsUrl = (siteUrl: string, i18n: I18n): string => localizedUrl(`${siteUrl}/profile?tab=notifications`, siteUrl, localeOf(i18n));

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Mail a switch can turn off says which switch lets it through, with a link
 * to the switches (text and HTML, in the mail's language). Campaign mail has
 * its own footer, with its unsubscribe link.
 */
export const withNotificationFooter = (email: RenderedEmail, kind: NotificationKind, siteUrl: string, i18n: I18n): RenderedEmail => {
  const name = i18n._(SWITCH_NAMES[kind]);
  const note = t(i18n)`You receive this because “${name}” is on in your notification settings.`;
  const label = t(i18n)`Choose which emails you get`;
  const url = notificationSettingsUrl(siteUrl, i18n);
  const footer = `<p style="color:#5b6b7b;font-size:12px">${escapeHtml(note)} <a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
  return {
    ...email,
    text: `${email.text}\n\n${note}\n${label}: ${url}`,
    html: email.html.includes('</body></html>') ? email.html.replace('</body></html>', `${footer}</body></html>`) : `${email.html}\n${footer}`,
  };
};
