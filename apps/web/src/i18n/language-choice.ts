import type { Locale } from '@crew/rules/locales';
import { currentPageIn } from './locale-paths';

/** The cookie the server reads to serve a visitor's pages in their language (apps/api/src/platform/http/page-shell.ts). */
const LOCALE_COOKIE = 'crew_locale';
const ONE_YEAR_S = 365 * 24 * 3600;

/** Remembers the visitor's language for the pages the server sends next. */
export const rememberLocale = (locale: Locale): void => {
  const attributes = ['path=/', `max-age=${ONE_YEAR_S}`, 'samesite=lax'];
  document.cookie = [`${LOCALE_COOKIE}=${locale}`, ...attributes].join('; ');
};

/**
 * Shows the page in another language: remembered, saved on the account when
 * `save` is given (a signed-in member's choice), then the same page is loaded
 * again at its address in that language, so every screen, chunk and cached
 * answer is in it.
 */
export const switchLocale = async (locale: Locale, save?: (locale: Locale) => Promise<unknown>): Promise<void> => {
  rememberLocale(locale);
  try {
    await save?.(locale);
  } finally {
    window.location.assign(currentPageIn(locale));
  }
};
