import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { alertPaths, supportDeskPaths } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import { localizedPath, SOURCE_LOCALE, type Locale } from '@crew/rules';
import type { DataSource } from 'typeorm';

/** The path of the open-tracking image a campaign mail loads (`<token>.gif`). */
export const OPEN_PIXEL_PATH = '/api/mail/open/';

/**
 * Signed links in mail: the unsubscribe link every campaign mail carries and
 * the per-message tracking image. The key is random, made once and kept in
 * the database (`platform_secrets`), so every process signs alike and a link
 * cannot be forged for another user or message.
 */
export class MailLinks {
  private constructor(
    private readonly key: Buffer,
    readonly baseUrl: string,
  ) {}

  static async create(dataSource: DataSource, baseUrl: string): Promise<MailLinks> {
    await dataSource.query(`INSERT INTO platform_secrets (name, value) VALUES ('mail_link_secret', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')]);
    const [row] = await dataSource.query<{ value: string }[]>(`SELECT value FROM platform_secrets WHERE name = 'mail_link_secret'`);
    return new MailLinks(Buffer.from(row!.value, 'utf8'), baseUrl);
  }

  private sign(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${value}`).digest('base64url').slice(0, 32);
  }

  private check(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  unsubscribeToken(userId: string): string {
    return this.sign('unsubscribe', userId);
  }

  /** The page that confirms the unsubscribe (it posts the token to the API), in the mail's language. */
  unsubscribeUrl(userId: string, locale: Locale = SOURCE_LOCALE): string {
    return localizedUrl(`${this.baseUrl}/unsubscribe?user=${encodeURIComponent(userId)}&token=${this.unsubscribeToken(userId)}`, this.baseUrl, locale);
  }

  /**
   * The RFC 8058 one-click URL for the List-Unsubscribe header: the API route a
   * mail client posts `List-Unsubscribe=One-Click` to, with the same signed pair.
   */
  oneClickUnsubscribeUrl(userId: string): string {
    return `${this.baseUrl}${supportDeskPaths.unsubscribeOneClick}?user=${encodeURIComponent(userId)}&token=${this.unsubscribeToken(userId)}`;
  }

  verifyUnsubscribe(userId: string, token: string): boolean {
    return this.check('unsubscribe', userId, token);
  }

  /** The signature of one saved search's alert links (unsubscribing from it needs no session). */
  alertToken(searchId: string): string {
    return this.sign('alert', searchId);
  }

  /** The page that turns one saved search's alert off (it posts the signed pair to the API), in the mail's language. */
  alertUnsubscribeUrl(searchId: string, locale: Locale = SOURCE_LOCALE): string {
    return localizedUrl(`${this.baseUrl}/saved-searches/unsubscribe?search=${encodeURIComponent(searchId)}&token=${this.alertToken(searchId)}`, this.baseUrl, locale);
  }

  /** The RFC 8058 one-click URL of an alert mail's List-Unsubscribe header. */
  alertOneClickUrl(searchId: string): string {
    return `${this.baseUrl}${alertPaths.unsubscribeAlertOneClick}?search=${encodeURIComponent(searchId)}&token=${this.alertToken(searchId)}`;
  }

  verifyAlertToken(searchId: string, token: string): boolean {
    return this.check('alert', searchId, token);
  }

  /** A per-message image URL naming the campaign and the recipient (short: a path segment is at most 100 characters). */
  openPixelUrl(campaignId: string, userId: string): string {
    const id = `${uuidToBase64(campaignId)}${uuidToBase64(userId)}`;
    return `${this.baseUrl}${OPEN_PIXEL_PATH}${id}.${this.sign('open', id).slice(0, 22)}.gif`;
  }

  /** The campaign and recipient an image URL's last segment names, or null when it is not one this platform signed. */
  openedMessage(segment: string): { campaignId: string; userId: string } | null {
    const match = /^([A-Za-z0-9_-]{44})\.([A-Za-z0-9_-]{22})\.gif$/.exec(segment);
    if (!match) return null;
    const expected = Buffer.from(this.sign('open', match[1]!).slice(0, 22));
    const given = Buffer.from(match[2]!);
    if (!timingSafeEqual(expected, given)) return null;
    return { campaignId: base64ToUuid(match[1]!.slice(0, 22)), userId: base64ToUuid(match[1]!.slice(22)) };
  }
}

/**
 * A web address of the site in a language: a page's path gets the language's
 * prefix (`/fr/voyages/…`; English has none, so English links are exactly as
 * they were), and the page opens in the mail's language. The site's address
 * alone is its home page in that language (`…/fr`), so a template's
 * `{{baseUrl}}/voyages` follows. API addresses (`/api/…`) and any other
 * site's are left as they are.
 */
export const localizedUrl = (url: string, siteUrl: string, locale: Locale): string => {
  const site = siteUrl.replace(/\/+$/, '');
  if (locale === SOURCE_LOCALE || site === '' || !url.startsWith(site)) return url;
  const [, pathname = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(url.slice(site.length)) ?? [];
  // Another host that merely starts with the same letters (https://crew.test.example).
  if (pathname !== '' && !pathname.startsWith('/')) return url;
  if (/^\/api(\/|$)/.test(pathname)) return url;
  return `${site}${localizedPath(pathname || '/', locale)}${rest}`;
};

/**
 * A mail job's parameters with the site's web addresses in the recipient's
 * language (`baseUrl`, a one-time `link`…): a parameter is localized only
 * when its whole value is an address on the site.
 */
export const localizedLinks = (params: JsonObject, siteUrl: string, locale: Locale): JsonObject => {
  if (locale === SOURCE_LOCALE || siteUrl === '') return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'string' && /^https?:\/\/\S+$/.test(value) ? localizedUrl(value, siteUrl, locale) : value]),
  );
};

const uuidToBase64 = (uuid: string): string => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
const base64ToUuid = (text: string): string => {
  const hex = Buffer.from(text, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
