import type { DataSource } from 'typeorm';
import { localizedLinks, localizedUrl, MailLinks } from './mail-links';

const SITE = 'https://crew.test';

describe('links in the mail language', () => {
  it('leaves English links exactly as they are', () => {
    for (const url of [SITE, `${SITE}/voyages/abc`, `${SITE}/verify-email?token=a%2Bb`, `${SITE}/api/mail/unsubscribe?user=u`]) expect(localizedUrl(url, SITE, 'en')).toBe(url);
  });

  it("puts a page's path under the language's prefix, keeping its query and fragment", () => {
    expect(localizedUrl(`${SITE}/verify-email?token=a%2Bb`, SITE, 'fr')).toBe(`${SITE}/fr/verify-email?token=a%2Bb`);
    expect(localizedUrl(`${SITE}/voyages/abc#reviews`, SITE, 'de')).toBe(`${SITE}/de/voyages/abc#reviews`);
    expect(localizedUrl(`${SITE}/support?ticket=7`, SITE, 'it')).toBe(`${SITE}/it/support?ticket=7`);
    expect(localizedUrl(`${SITE}/`, SITE, 'es')).toBe(`${SITE}/es`);
    // The site's address alone is its home page, so `{{baseUrl}}/voyages` follows the language.
    expect(`${localizedUrl(SITE, SITE, 'fr')}/voyages`).toBe(`${SITE}/fr/voyages`);
    // A link already in another language moves to this one; a trailing slash on the site's address changes nothing.
    expect(localizedUrl(`${SITE}/de/login`, `${SITE}/`, 'fr')).toBe(`${SITE}/fr/login`);
  });

  it("never prefixes the API's addresses or another site's", () => {
    expect(localizedUrl(`${SITE}/api/mail/unsubscribe?user=u&token=t`, SITE, 'fr')).toBe(`${SITE}/api/mail/unsubscribe?user=u&token=t`);
    expect(localizedUrl(`${SITE}/api`, SITE, 'fr')).toBe(`${SITE}/api`);
    expect(localizedUrl(`${SITE}/apiary`, SITE, 'fr')).toBe(`${SITE}/fr/apiary`);
    expect(localizedUrl('https://crew.test.example/voyages', SITE, 'fr')).toBe('https://crew.test.example/voyages');
    expect(localizedUrl('https://elsewhere.test/voyages', SITE, 'fr')).toBe('https://elsewhere.test/voyages');
  });

  it("localizes a job's parameters that are addresses on the site, and nothing else", () => {
    const params = { baseUrl: SITE, link: `${SITE}/reset-password?token=x`, voyageId: 'v1', note: `See ${SITE}/voyages`, count: 3, other: 'https://elsewhere.test/a' };
    expect(localizedLinks(params, SITE, 'de')).toEqual({ ...params, baseUrl: `${SITE}/de`, link: `${SITE}/de/reset-password?token=x` });
    expect(localizedLinks(params, SITE, 'en')).toBe(params);
    expect(localizedLinks(params, '', 'de')).toBe(params);
  });

  it('sends the unsubscribe page in the mail language, and keeps the one-click address the API answers', async () => {
    const dataSource = { query: async () => [{ value: 'a-fixed-key-for-this-test' }] } as unknown as DataSource;
    const links = await MailLinks.create(dataSource, SITE);
    const english = links.unsubscribeUrl('user-1');
    expect(english).toMatch(/^https:\/\/crew\.test\/unsubscribe\?user=user-1&token=[\w-]+$/);
    expect(links.unsubscribeUrl('user-1', 'fr')).toBe(english.replace(`${SITE}/unsubscribe`, `${SITE}/fr/unsubscribe`));
    expect(links.oneClickUnsubscribeUrl('user-1')).toMatch(/^https:\/\/crew\.test\/api\//);
  });
});
