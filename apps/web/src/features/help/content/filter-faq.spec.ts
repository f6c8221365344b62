import { describe, expect, it } from '@jest/globals';
import { FAQ, FAQ_CATEGORIES, type FaqItem } from './faq';
import { filterFaq } from './filter-faq';

const items: FaqItem[] = [
  { id: 'reset', category: 'Account', question: 'How do I reset my password?', answer: ['Reset links expire after 1 hour.'] },
  { id: 'price', category: 'Payment', question: 'Is it free?', answer: ['Free during the beta.', 'The crew Subscription will cost £30 a year.'] },
  { id: 'night', category: 'Safety', question: 'When must I wear a lifejacket?', answer: ['Always at NIGHT and in rough weather.'] },
  { id: 'create', category: 'Voyages', question: 'How do I create a voyage?', answer: ['Open [Create a voyage](/create) and add your route.'] },
  { id: 'apostrophe', category: 'Technical', question: 'The map doesn’t load', answer: ['Switch to the list view.'] },
];
const ids = (found: FaqItem[]) => found.map((item) => item.id);

describe('filterFaq', () => {
  it('returns every item, in order, for All and an empty or blank query', () => {
    expect(filterFaq(items, 'All', '')).toEqual(items);
    expect(filterFaq(items, 'All', '   ')).toEqual(items);
  });

  it('keeps only the chosen category', () => {
    expect(ids(filterFaq(items, 'Payment', ''))).toEqual(['price']);
    expect(ids(filterFaq(items, 'Safety', '  '))).toEqual(['night']);
  });

  it('matches the question text', () => {
    expect(ids(filterFaq(items, 'All', 'password'))).toEqual(['reset']);
  });

  it('matches the answer text, in any paragraph', () => {
    expect(ids(filterFaq(items, 'All', '£30'))).toEqual(['price']);
    expect(ids(filterFaq(items, 'All', 'rough weather'))).toEqual(['night']);
  });

  it('ignores case in both the query and the text', () => {
    expect(ids(filterFaq(items, 'All', 'SUBSCRIPTION'))).toEqual(['price']);
    expect(ids(filterFaq(items, 'All', 'night'))).toEqual(['night']);
    expect(ids(filterFaq(items, 'All', 'LiFeJaCkEt'))).toEqual(['night']);
  });

  it('trims the query', () => {
    expect(ids(filterFaq(items, 'All', '  1 hour \n'))).toEqual(['reset']);
    expect(filterFaq(items, 'All', ' password ')).toEqual(filterFaq(items, 'All', 'password'));
  });

  it('combines the category with the query', () => {
    expect(filterFaq(items, 'Account', 'subscription')).toEqual([]);
    expect(ids(filterFaq(items, 'Payment', 'subscription'))).toEqual(['price']);
    expect(ids(filterFaq(items, 'Safety', 'NIGHT'))).toEqual(['night']);
  });

  it('returns nothing when no question or answer matches', () => {
    expect(filterFaq(items, 'All', 'spinnaker')).toEqual([]);
  });

  it('matches every word of a longer query in any order, phrase matches first', () => {
    expect(ids(filterFaq(items, 'All', 'password reset'))).toEqual(['reset']);
    expect(ids(filterFaq(items, 'All', 'weather night'))).toEqual(['night']);
    expect(filterFaq(items, 'All', 'password lifejacket')).toEqual([]);
    const both: FaqItem[] = [
      { id: 'words', category: 'Account', question: 'Days at sea', answer: ['Up to 30 nights.'] },
      { id: 'phrase', category: 'Account', question: 'Deletion', answer: ['Within 30 days.'] },
    ];
    expect(ids(filterFaq(both, 'All', '30 days'))).toEqual(['phrase', 'words']);
  });

  it('searches what the reader sees: link labels, not link targets, and straight or curly apostrophes', () => {
    expect(ids(filterFaq(items, 'All', 'create a voyage'))).toEqual(['create']);
    expect(filterFaq(items, 'Voyages', '(/create)')).toEqual([]);
    expect(ids(filterFaq(items, 'All', "doesn't load"))).toEqual(['apostrophe']);
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
    for (const category of FAQ_CATEGORIES.filter((name) => name !== 'All')) {
      expect(filterFaq(FAQ, category, '').length).toBeGreaterThan(0);
    }
  });

  it('answers what the product promises', () => {
    expect(filterFaq(FAQ, 'All', 'beta')).toEqual([]);
    expect(filterFaq(FAQ, 'Payment', 'free for every crew member').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Payment', '£30 a year').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', 'within 30 days').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', 'expires after 1 hour').length).toBeGreaterThan(0);
    // The FAQ once said reset links last 24 hours; the product decided on 1 hour.
    expect(filterFaq(FAQ, 'All', 'reset 24 hours')).toEqual([]);
    expect(filterFaq(FAQ, 'All', 'support within 24 hours').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', '18 or older').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Account', 'switch your account to Skipper & Crew').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'All', 'cannot be changed')).toEqual([]);
    expect(filterFaq(FAQ, 'Applications', 'withdrawn applicant may apply again').length).toBeGreaterThan(0);
    expect(filterFaq(FAQ, 'Payment', 'arranged directly between skipper and crew').length).toBeGreaterThan(0);
  });

  it('links skippers to /create from the answer about creating a voyage', () => {
    const create = FAQ.find((item) => item.id === 'create-voyage');
    expect(create?.answer.join(' ')).toContain('](/create)');
  });

  it('lists first an answer containing the whole phrase searched for', () => {
    const [first] = filterFaq(FAQ, 'All', '30 days');
    expect(first?.answer.join(' ')).toContain('30 days');
  });
});
