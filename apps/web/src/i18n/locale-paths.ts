import { localeOfPath, localizedPath, type Locale } from '@crew/rules/locales';

/** The router's base for a path in a language ("/fr/voyages" → "/fr"); none for English and negotiated paths. */
export const localeBasename = (pathname: string): string | undefined => {
  const locale = localeOfPath(pathname);
  return locale ? `/${locale}` : undefined;
};

/** The current page's address in another language, with its query and hash. */
export const currentPageIn = (locale: Locale): string => `${localizedPath(window.location.pathname, locale)}${window.location.search}${window.location.hash}`;
