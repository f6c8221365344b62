/**
 * The product's languages. English is the source: the specification's texts,
 * and what a message shows until it is translated. A visitor's language is the
 * URL's, then their saved choice, then the browser's (Accept-Language), then
 * English.
 */
export const LOCALES = ['en', 'fr', 'de', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language in its own words, as a language switcher lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', fr: 'Français', de: 'Deutsch', es: 'Español', it: 'Italiano' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The best of our languages for an Accept-Language header ("fr-CH, fr;q=0.9,
 * en;q=0.8"): the highest-weighted language we have, by its primary subtag;
 * null when none is ours.
 */
export const localeFromAcceptLanguage = (header: string | null | undefined): Locale | null => {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ language, weight }) => language !== '' && weight > 0 && Number.isFinite(weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map(({ language }) => language).find(isLocale) ?? null;
};

/** The language a path names ("/fr/voyages" → fr); null for an unprefixed (English or negotiated) path. */
export const localeOfPath = (pathname: string): Locale | null => {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return isLocale(first) && first !== SOURCE_LOCALE ? first : null;
};

/** The path without its language prefix ("/fr/voyages" → "/voyages", "/fr" → "/"). */
export const pathWithoutLocale = (pathname: string): string => {
  const locale = localeOfPath(pathname);
  return locale ? pathname.slice(locale.length + 1) || '/' : pathname;
};

/** The path in a language: English paths have no prefix ("/voyages", "/fr/voyages"). */
export const localizedPath = (pathname: string, locale: Locale): string => {
  const bare = pathWithoutLocale(pathname);
  if (locale === SOURCE_LOCALE) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
};
