import { afterEach, describe, expect, it } from '@jest/globals';
import { formatter } from '@lingui/format-po';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n } from '../../../i18n/i18n';
import { BUILT_IN_ARTICLES, categoryLabel, fingerprint, inReadersLanguage } from './faq';

/** A catalogue's id as compiled code names it (base64url; see apps/web/build/chunk-catalogs.ts). */
const compiledId = (key: string, message: string | undefined): string => (key.length === 6 && key !== message ? key.replace(/\+/g, '-').replace(/\//g, '_') : key);

/** The Help centre in another language: its catalogue as the build gives it to the browser. */
const speak = (locale: 'en' | 'fr' | 'de' | 'es' | 'it') => {
  const messages: Record<string, string> = {};
  if (locale !== 'en') {
    const file = path.join(__dirname, `../locales/${locale}.po`);
    const parsed = formatter({}).parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file }) as Record<string, { message?: string; translation?: string }>;
    for (const [key, entry] of Object.entries(parsed)) if (entry.translation) messages[compiledId(key, entry.message)] = entry.translation;
  }
  i18n.loadAndActivate({ locale, messages });
};

const articles = Object.values(BUILT_IN_ARTICLES).flat();
/** A built-in article as the knowledge base serves it, in English. */
const served = (id: string) => {
  const article = articles.find((candidate) => candidate.id === id);
  if (!article) throw new Error(`no built-in article ${id}`);
  return { slug: id, title: i18n._(article.question), summary: '', body: article.answer.map((paragraph) => i18n._(paragraph)).join('\n\n') };
};

describe('the built-in help articles', () => {
  afterEach(() => speak('en'));

  it('know the English words the knowledge base was seeded with', () => {
    for (const article of articles) {
      expect([article.id, fingerprint(i18n._(article.question))]).toEqual([article.id, article.seeded.question]);
      expect([article.id, fingerprint(article.answer.map((paragraph) => i18n._(paragraph)).join('\n\n'))]).toEqual([article.id, article.seeded.answer]);
    }
  });

  it('leave every article as stored in English', () => {
    const article = served('delete-account');
    expect(inReadersLanguage(article, i18n)).toBe(article);
  });

  it('show a seeded article in the reader’s language, links and addresses kept', () => {
    const article = served('contact-support');
    speak('fr');
    const shown = inReadersLanguage(article, i18n);
    expect(shown.title).toBe('Comment contacter l’assistance ?');
    expect(shown.body).toContain('[support@crewfinder.app](mailto:support@crewfinder.app)');
    expect(shown.body).toContain('[safety@crewfinder.app](mailto:safety@crewfinder.app)');
    expect(shown.body.split('\n\n')).toHaveLength(2);
    expect(shown.summary).toBe('');
  });

  it('show what an administrator rewrote as they wrote it, judging the question and the answer apart', () => {
    const article = { ...served('minimum-age'), body: 'Yes: 18, and 16 with a parent aboard.' };
    speak('de');
    const shown = inReadersLanguage(article, i18n);
    expect(shown.title).toBe('Gibt es ein Mindestalter?');
    expect(shown.body).toBe('Yes: 18, and 16 with a parent aboard.');
    expect(inReadersLanguage({ slug: 'new-article', title: 'Tides', body: 'Springs and neaps.' }, i18n)).toEqual({
      slug: 'new-article',
      title: 'Tides',
      body: 'Springs and neaps.',
    });
  });

  it('name the built-in categories in the reader’s language, and others as they are stored', () => {
    speak('es');
    expect(categoryLabel('Payment', i18n)).toBe('Pagos');
    expect(categoryLabel(null, i18n)).toBe('Todas');
    expect(categoryLabel('Racing', i18n)).toBe('Racing');
  });
});
