import { afterEach, describe, expect, it } from '@jest/globals';
import { i18n } from '../../../i18n/i18n';
import { BUILT_IN_ARTICLES, categoryLabel, fingerprint, inReadersLanguage } from './faq';
import { useLanguage } from '../../../testing/languages';

const articles = Object.values(BUILT_IN_ARTICLES).flat();
/** A built-in article as the knowledge base serves it, in English. */
const served = (id: string) => {
  const article = articles.find((candidate) => candidate.id === id);
  if (!article) throw new Error(`no built-in article ${id}`);
  return { slug: id, title: i18n._(article.question), summary: '', body: article.answer.map((paragraph) => i18n._(paragraph)).join('\n\n') };
};

describe('the built-in help articles', () => {
  afterEach(() => useLanguage('en'));

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
    useLanguage('fr', 'help');
    const shown = inReadersLanguage(article, i18n);
    expect(shown.title).toBe('Comment contacter l’assistance ?');
    expect(shown.body).toContain('[support@crewfinder.app](mailto:support@crewfinder.app)');
    expect(shown.body).toContain('[safety@crewfinder.app](mailto:safety@crewfinder.app)');
    expect(shown.body.split('\n\n')).toHaveLength(2);
    expect(shown.summary).toBe('');
  });

  it('show what an administrator rewrote as they wrote it, judging the question and the answer apart', () => {
    const article = { ...served('minimum-age'), body: 'Yes: 18, and 16 with a parent aboard.' };
    useLanguage('de', 'help');
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
    useLanguage('es', 'help');
    expect(categoryLabel('Payment', i18n)).toBe('Pagos');
    expect(categoryLabel(null, i18n)).toBe('Todas');
    expect(categoryLabel('Racing', i18n)).toBe('Racing');
  });
});
