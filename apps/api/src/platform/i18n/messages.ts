import path from 'node:path';
import { formatEnglish, localeFromAcceptLanguage, SOURCE_LOCALE, translateSharedText, type Locale, type MessageValues } from '@crew/rules';
import { setupI18n, type I18n } from '@lingui/core';
import { readCatalogue } from '../mail/mail-i18n';

/**
 * The shared catalogue: the texts the API gives people without a macro (its
 * refusals, the domain's, the contracts' validation messages), keyed by their
 * English words (a text with values by its ICU template), in
 * libs/rules/locales/<locale>.po (`I18N_AREA=shared npx lingui extract`).
 * The same path from here reaches it beside the sources and, in dist, beside
 * the compiled code (the build copies the catalogues there).
 */
export const SHARED_CATALOGUE_DIR = path.resolve(__dirname, '../../../../../libs/rules/locales');

const translators = new Map<Locale, I18n>();

/** The shared texts of one language, read and compiled once per process. */
export const sharedTranslator = (locale: Locale): I18n => {
  let i18n = translators.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: readCatalogue(locale, SHARED_CATALOGUE_DIR) } });
    translators.set(locale, i18n);
  }
  return i18n;
};

/**
 * A shared text in a language: `text` is its English words, or with `values`
 * its template. English is the text itself (as the code wrote it); a text the
 * catalogue does not know is said in English.
 */
export const translate = (locale: Locale, text: string, values?: MessageValues): string => {
  if (locale === SOURCE_LOCALE) return values ? formatEnglish(text, values) : text;
  return translateSharedText(sharedTranslator(locale), text, values);
};

/** Says shared texts in one language (`locale`). */
export type Say = ((text: string, values?: MessageValues) => string) & { readonly locale?: Locale };
export const sayIn = (locale: Locale): Say => Object.assign((text: string, values?: MessageValues) => translate(locale, text, values), { locale });

/** The language a request's texts are said in: the best of ours its Accept-Language names, else English. */
export const requestLocale = (request: { readonly headers: Readonly<Record<string, string | string[] | undefined>> }): Locale => {
  const header = request.headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header) ?? SOURCE_LOCALE;
};

/** Marks a reply whose text follows the request's Accept-Language (keeping what it already varies by). */
export const varyByLanguage = <R extends { getHeader(name: string): unknown; header(name: string, value: string): R }>(reply: R): R => {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-language')) return reply;
  return reply.header('vary', [...names, 'Accept-Language'].join(', '));
};
