/** A question of the Help centre (a published knowledge-base article). */
export interface FaqItem {
  readonly id: string;
  readonly category: string;
  readonly question: string;
  readonly answer: readonly string[];
}

/** `[label](target)` link markup in answers: only the label is visible, so only the label is searched. */
const LINK = /\[([^\]]+)\]\([^)]*\)/g;

/** Lower case, curly quotes made straight and runs of white space collapsed, so "don't" finds "don’t". */
export const normaliseSearchText = (text: string): string => text.replace(LINK, '$1').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The FAQ items in `category` (null for every category) that match `query`.
 *
 * The query is trimmed and compared case-insensitively with the question and the answer text.
 * An empty query matches everything. A query of several words matches an item containing every
 * word, in any order; items containing the query as a whole phrase come first, otherwise the
 * original order is kept.
 */
export function filterFaq<T extends FaqItem>(items: readonly T[], category: string | null, query: string): T[] {
  const inCategory = items.filter((item) => category === null || item.category === category);
  const phrase = normaliseSearchText(query);
  if (phrase === '') return inCategory;

  const words = phrase.split(' ');
  const phraseMatches: T[] = [];
  const wordMatches: T[] = [];
  for (const item of inCategory) {
    // Joined with a line break, which a normalised query never contains: a phrase cannot run across paragraphs.
    const text = [item.question, ...item.answer].map(normaliseSearchText).join('\n');
    if (text.includes(phrase)) phraseMatches.push(item);
    else if (words.every((word) => text.includes(word))) wordMatches.push(item);
  }
  return [...phraseMatches, ...wordMatches];
}
