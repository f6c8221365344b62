import type { HelpArticle, HelpArticleDetail, HelpArticleList } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { addUser, call, inject, startTestApp, type TestApp } from './support/harness';

/**
 * The Help centre's answers written from the live configuration ("Is Crew
 * Finder free?", how the crew subscription works) in the language the
 * request's Accept-Language names, English otherwise; the answers vary by it.
 */
let testApp: TestApp;
let app: NestFastifyApplication;
let admin = '';

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-help-languages-' });
  app = testApp.app;
  admin = (await addUser(testApp.runtime, { email: 'admin@help-languages.test', type: 'admin', admin: true })).token;
}, 60_000);
afterAll(() => testApp.close());

/** An article's page as the Help centre answers it: status, the Vary header and the article. */
const article = async (slug: string, acceptLanguage?: string) => {
  const response = await inject(app, 'GET', `/api/help/articles/${slug}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  return { status: response.statusCode, vary: String(response.headers['vary']), body: response.json<HelpArticleDetail>() };
};
const listed = async (slug: string, acceptLanguage?: string): Promise<HelpArticle | undefined> =>
  (await call<HelpArticleList>(app, 'GET', '/api/help/articles', { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })).body.articles.find(
    (found) => found.slug === slug,
  );

describe('"Is Crew Finder free?" in the reader\'s language', () => {
  it('answers in French for Accept-Language: fr, and in English without it, varying by Accept-Language', async () => {
    const french = await article('is-it-free', 'fr');
    expect(french.status).toBe(200);
    expect(french.body.body).toMatch(/^Oui, pour le moment\. Postuler aux voyages est gratuit pour tous les équipiers, et les comptes skipper sont toujours gratuits\./);
    expect(french.body.body).toMatch(/abonnement équipier de 30\s£ par an/);
    expect(french.body.body).toContain('[Abonnement](/subscription)');
    expect(french.body.body).not.toMatch(/Applying to voyages|\{\{/);
    expect(french.vary).toMatch(/accept-language/i);
    expect((await listed('is-it-free', 'fr-CH, fr;q=0.9, en;q=0.8'))?.body).toBe(french.body.body);

    const english = await article('is-it-free');
    expect(english.status).toBe(200);
    expect(english.body.body).toMatch(/^Yes, at the moment\. Applying to voyages is free for every crew member/);
    expect(english.body.body).toContain('an annual crew subscription of £30 a year');
    expect(english.vary).toMatch(/accept-language/i);
    expect((await listed('is-it-free'))?.body).toBe(english.body.body);
    // A language the product does not have is answered in English.
    expect((await article('is-it-free', 'pt-BR, pt;q=0.9')).body.body).toBe(english.body.body);
  });

  it('follows the configuration in each language: subscriptions on, the subscription article in German and Italian', async () => {
    expect((await call(app, 'POST', '/api/admin/monetization/toggle', { token: admin, body: { enabled: true } })).status).toBe(200);
    try {
      const french = (await article('is-it-free', 'fr')).body.body;
      expect(french).toMatch(/^Les comptes skipper sont toujours gratuits\. Les équipiers ont besoin d’un abonnement équipier à 30\s£ par an/);
      expect(french).toContain('Le paiement par carte n’est pas encore ouvert');
      expect((await article('subscription', 'de')).body.body).toMatch(/^Das Crew-Abo kostet 30\s£ pro Jahr\./);
      expect((await article('subscription', 'it')).body.body).toMatch(/^L’abbonamento equipaggio costa 30\s£ all’anno\./);
      expect((await article('subscription')).body.body).toMatch(/^The crew subscription costs £30 a year\./);
    } finally {
      expect((await call(app, 'POST', '/api/admin/monetization/toggle', { token: admin, body: { enabled: false } })).status).toBe(200);
    }
  });
});
