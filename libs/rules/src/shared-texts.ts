/**
 * The texts the domain, the contracts, these rules and the API give people
 * without a Lingui macro (refusals, validation messages) are translated by
 * their English words: the shared catalogue (libs/rules/locales/<locale>.po)
 * is keyed by them. A text with values is written as an ICU message (a
 * template: `Leg {legs} has no berth left`) and its English words are made
 * here, so the English stays exactly as it always read, while the catalogue
 * holds the template and each language fills the values in its own way.
 *
 * The API translates a refusal by the template and values its error carries;
 * a text that travels as plain words (a zod schema's message, a message a
 * function of these rules made) is traced back to its template by
 * `sharedTextOrigin`, which remembers the texts `sharedText` made.
 */

export type MessageValues = Readonly<Record<string, string | number>>;

type Part = string | typeof HASH | Argument<'simple'> | Argument<'number'> | Argument<'date'> | Choice;
interface Argument<Kind> {
  readonly name: string;
  readonly kind: Kind;
}
interface Choice {
  readonly name: string;
  readonly kind: 'plural' | 'select';
  readonly branches: Readonly<Record<string, readonly Part[]>>;
}
const HASH = Symbol('#');

/**
 * Made on first use, not when the module loads: building an Intl formatter loads the language's data, which cost a
 * phone's first screen about 16 ms of main thread (at 4× CPU slowdown, 65 ms), since the rules' messages with a
 * limit in them are made as their modules load, on every screen.
 */
const lazily = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const englishNumbers = lazily(() => new Intl.NumberFormat('en-US'));
const englishPluralRules = lazily(() => new Intl.PluralRules('en-US'));
/** A whole number in English (2,000) without Intl, as the limits in these texts are; anything else through Intl's own rules. */
const englishNumber = (n: number): string => (Number.isSafeInteger(n) ? `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}` : englishNumbers().format(n));
/** English's plural category: "one" for 1 (and -1) alone among whole numbers (CLDR: i = 1 and v = 0). */
const englishPlural = (n: number): Intl.LDMLPluralRule => (Number.isSafeInteger(n) ? (Math.abs(n) === 1 ? 'one' : 'other') : englishPluralRules().select(n));

/**
 * The date styles a shared text may name (`{day, date, calendar}`), given to
 * Lingui with every translation: a calendar day (YYYY-MM-DD) as a person
 * writes it, read in UTC so it is the same day everywhere.
 */
export const SHARED_TEXT_FORMATS = { calendar: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } } as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const englishCalendar = lazily(() => new Intl.DateTimeFormat('en-GB', SHARED_TEXT_FORMATS.calendar));

/** The parts of an ICU message: plain text, simple and number arguments, plural (with #) and select. */
function parse(template: string): readonly Part[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${at} in "${template}"`);
  };
  const parts = (inPlural: boolean): Part[] => {
    const out: Part[] = [];
    let plain = '';
    const flush = (): void => {
      if (plain) out.push(plain);
      plain = '';
    };
    while (at < template.length && template[at] !== '}') {
      const c = template[at] ?? '';
      if (c === '{') {
        flush();
        out.push(argument());
      } else if (c === '#' && inPlural) {
        flush();
        out.push(HASH);
        at += 1;
      } else {
        plain += c;
        at += 1;
      }
    }
    flush();
    return out;
  };
  const argument = (): Part => {
    const head = /^\{\s*(\w+)\s*(?:,\s*(\w+)\s*(?:,\s*(\w+)\s*)?)?(,|\})/.exec(template.slice(at));
    if (!head?.[1]) return fail('an argument without a name');
    const [whole, name, kind = 'simple', style, end] = head;
    at += whole.length;
    if (end === '}') {
      if (kind === 'date' && style === 'calendar') return { name, kind: 'date' };
      if ((kind !== 'simple' && kind !== 'number') || style !== undefined) return fail(`"${kind}${style ? `, ${style}` : ''}" is not an argument these texts know`);
      return kind === 'number' ? { name, kind: 'number' } : { name, kind: 'simple' };
    }
    if (kind !== 'plural' && kind !== 'select') return fail(`unknown argument kind "${kind}"`);
    const branches: Record<string, readonly Part[]> = {};
    for (;;) {
      const key = /^\s*(=?\w+)\s*\{/.exec(template.slice(at));
      if (!key?.[1]) break;
      at += key[0].length;
      branches[key[1]] = parts(kind === 'plural');
      if (template[at] !== '}') return fail('a branch without its closing brace');
      at += 1;
    }
    const close = /^\s*\}/.exec(template.slice(at));
    if (!close || !branches['other']) return fail(`a ${kind} without an "other" branch or closing brace`);
    at += close[0].length;
    return { name, kind, branches };
  };
  const result = parts(false);
  if (at < template.length) fail('an unmatched closing brace');
  return result;
}

const parsed = new Map<string, readonly Part[]>();

function render(parts: readonly Part[], values: MessageValues, count: number | null): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part === HASH) return count === null ? '#' : englishNumber(count);
      const value = values[part.name];
      if (value === undefined) return `{${part.name}}`;
      if (part.kind === 'simple') return String(value);
      if (part.kind === 'number') return typeof value === 'number' ? englishNumber(value) : value;
      if (part.kind === 'date') return englishCalendar().format(new Date(value));
      if (part.kind === 'select') return render(part.branches[String(value)] ?? part.branches['other'] ?? [], values, count);
      const n = Number(value);
      const branch = part.branches[`=${n}`] ?? part.branches[englishPlural(n)] ?? part.branches['other'] ?? [];
      return render(branch, values, n);
    })
    .join('');
}

/** A template's English words with its values, as Lingui shows the English message (numbers in `{n, number}` and `#` grouped: 2,000). */
export function formatEnglish(template: string, values: MessageValues = {}): string {
  let parts = parsed.get(template);
  if (!parts) {
    parts = parse(template);
    parsed.set(template, parts);
  }
  return render(parts, values, null);
}

/** The texts sharedText made, newest last; the oldest are forgotten past a bound (a message's values may vary without end). */
const made = new Map<string, { readonly template: string; readonly values: MessageValues }>();
const MADE_LIMIT = 5000;

/**
 * A shared text with values: its English words, remembered with the template
 * and values they came from so that the words can be translated wherever they
 * are shown. The template is the catalogue's id (the extractor reads it here).
 */
export function sharedText(template: string, values: MessageValues): string {
  const text = formatEnglish(template, values);
  if (!made.has(text)) {
    if (made.size >= MADE_LIMIT) made.delete(made.keys().next().value as string);
    made.set(text, { template, values });
  }
  return text;
}

/** The template and values a text was made from by sharedText, if it was. */
export const sharedTextOrigin = (text: string): { readonly template: string; readonly values: MessageValues } | undefined => made.get(text);

/**
 * Values that are shared texts themselves, said in the message's language
 * with it: a field's name (`{label} is required`: "The review"), what holds a
 * text (`{subject}`), an action (`Only the skipper of this voyage can {what}`),
 * a problem a prefix names (`Leg {leg}: {problem}`).
 */
export const TEXT_VALUES: ReadonlySet<string> = new Set(['label', 'subject', 'what', 'problem']);

/** What translating needs of a Lingui i18n instance: its messages in the active language, and `_`. */
export interface SharedTextCatalogue {
  readonly messages: Readonly<Record<string, unknown>>;
  _(id: string, values?: Record<string, unknown>, options?: { readonly formats?: Readonly<Record<string, unknown>> }): string;
}

/**
 * A shared text in the catalogue's language: by its id (its English words, or
 * its template with `values`), else the template sharedText made it from. A
 * value that is itself a shared text (a field's name: "The review") is
 * translated too (TEXT_VALUES). A text the catalogue does not know stays as it is (English,
 * or a text already translated).
 */
export function translateSharedText(catalogue: SharedTextCatalogue, text: string, values?: MessageValues): string {
  const known = (id: string): boolean => Object.prototype.hasOwnProperty.call(catalogue.messages, id);
  const origin = values ? { template: text, values } : sharedTextOrigin(text);
  const id = origin?.template ?? text;
  if (!known(id)) return origin ? formatEnglish(origin.template, origin.values) : text;
  if (!origin) return catalogue._(id);
  const translated = Object.fromEntries(
    Object.entries(origin.values).map(([name, value]) => [name, TEXT_VALUES.has(name) && typeof value === 'string' ? translateSharedText(catalogue, value) : value]),
  );
  return catalogue._(id, translated, { formats: SHARED_TEXT_FORMATS });
}
