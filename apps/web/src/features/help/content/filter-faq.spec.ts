import { describe, expect, it } from '@jest/globals';
import { i18n } from '../../../i18n/i18n';
import { BUILT_IN_ARTICLES, FAQ_CATEGORIES } from './faq';
import { filterFaq, type FaqItem } from './filter-faq';

/** The built-in questions as the Help centre lists them in English. */
const FAQ: FaqItem[] = Object.entries(BUILT_IN_ARTICLES).flatMap(([category, articles]) =>
  articles.map((article) => ({ id: article.id, category, question: i18n._(article.question), answer: article.answer.map((paragraph) => i18n._(paragraph)) })),
);

const items: FaqItem[] = [
  { id: 'reset', category: 'Account', question: 'How do I reset my password?', answer: ['Reset links expire after 1 hour.'] },
  { id: 'price', category: 'Payment', question: 'Is it free?', answer: ['Free during the beta.', 'The crew Subscription will cost £30 a year.'] },
  { id: 'night', category: 'Safety', question: 'When must I wear a lifejacket?', answer: ['Always at NIGHT and in rough weather.'] },
  { id: 'create', category: 'Voyages', question: 'How do I create a voyage?', answer: ['Open [Create a voyage](/create) and add your route.'] },
  { id: 'apostrophe', category: 'Technical', question: 'The map doesn’t load', answer: ['Switch to the list view.'] },
];
const ids = (found: FaqItem[]) => found.map((item) => item.id);

describe('filterFaq', () => {
  it('returns every item, in order, for every category (null) and an empty or blank query', () => {
    expect(filterFaq(items, null, '')).toEqual(items);
    expect(filterFaq(items, null, '   ')).toEqual(items);
  });

  it('keeps only the chosen category', () => {
    expect(ids(filterFaq(items, 'Payment', ''))).toEqual(['price']);
    expect(ids(filterFaq(items, 'Safety', '  '))).toEqual(['night']);
  });

  it('matches the question text', () => {
    expect(ids(filterFaq(items, null, 'password'))).toEqual(['reset']);
  });

  it('matches the answer text, in any paragraph', () => {
    expect(ids(filterFaq(items, null, '£30'))).toEqual(['price']);
    expect(ids(filterFaq(items, null, 'rough weather'))).toEqual(['night']);
  });

  it('ignores case in both the query and the text', () => {
    expect(ids(filterFaq(items, null, 'SUBSCRIPTION'))).toEqual(['price']);
    expect(ids(filterFaq(items, null, 'night'))).toEqual(['night']);
    expect(ids(filterFaq(items, null, 'LiFeJaCkEt'))).toEqual(['night']);
  });

  it('trims the query', () => {
    expect(ids(filterFaq(items, null, '  1 hour \n'))).toEqual(['reset']);
    expect(filterFaq(items, null, ' password ')).toEqual(filterFaq(items, null, 'password'));
  });

  it('combines the category with the query', () => {
    expect(filterFaq(items, 'Account', 'subscription')).toEqual([]);
    expect(ids(filterFaq(items, 'Payment', 'subscription'))).toEqual(['price']);
    expect(ids(filterFaq(items, 'Safety', 'NIGHT'))).toEqual(['night']);
  });

  it('returns nothing when no question or answer matches', () => {
    expect(filterFaq(items, null, 'spinnaker')).toEqual([]);
  });

  it('matches every word of a longer query in any order, phrase matches first', () => {
    expect(ids(filterFaq(items, null, 'password reset'))).toEqual(['reset']);
    expect(ids(filterFaq(items, null, 'weather night'))).toEqual(['night']);
    expect(filterFaq(items, null, 'password lifejacket')).toEqual([]);
    const both: FaqItem[] = [
      { id: 'words', category: 'Account', question: 'Days at sea', answer: ['Up to 30 nights.'] },
      { id: 'phrase', category: 'Account', question: 'Deletion', answer: ['Within 30 days.'] },
    ];
    expect(ids(filterFaq(both, null, '30 days'))).toEqual(['phrase', 'words']);
  });

  it('searches what the reader sees: link labels, not link targets, and straight or curly apostrophes', () => {
    expect(ids(filterFaq(items, null, 'create a voyage'))).toEqual(['create']);
    expect(filterFaq(items, 'Voyages', '(/create)')).toEqual([]);
    expect(ids(filterFaq(items, null, "doesn't load"))).toEqual(['apostrophe']);
  });

  it('does not change the list it is given', () => {
    const copy = [...items];
    filterFaq(items, 'Payment', 'free');
    expect(items).toEqual(copy);
  });
});

describe('the help centre FAQ', () => {
  it('has unique ids and at least one question in every category', () => {
    expect(new Set(FAQ.map((item) => item.id)).size).toBe(FAQ.length);
    for (const category of FAQ_CATEGORIES) {
      expect(filterFaq(FAQ, category, '').length).toBeGreaterThan(0);
    }
  });

  it('answers what the product promises', () => {
    expect(filterFaq(FAQ, null, 'beta')).toEqual([]);
    expect(filterFaq(FAQ, 'Payment', 'free for every crew member').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Payment', '£30 a year').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', 'within 30 days').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', 'expires after 1 hour').length).toBeGreaterThan(0);
    // The FAQ once said reset links last 24 hours; the product decided on 1 hour.
    expect(filterFaq(FAQ, null, 'reset 24 hours')).toEqual([]);
    expect(filterFaq(FAQ, null, 'support within 24 hours').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', '18 or older').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', 'switch your account to Skipper & Crew').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, null, 'cannot be changed')).toEqual([]);
    expect(filterFaq(FAQ, 'Applications', 'withdrawn applicant may apply again').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Payment', 'arranged directly between skipper and crew').length).toBeGreaterThan(0);
  });

  it('links skippers to /create from the answer about creating a voyage', () => {
    const create = FAQ.find((item) => item.id === 'create-voyage');
    expect(create?.answer.join(' ')).toContain('](/create)');
  });

  it('lists first an answer containing the whole phrase searched for', () => {
    const [first] = filterFaq(FAQ, null, '30 days');
    expect(first?.answer.join(' ')).toContain('30 days');
  });
});
