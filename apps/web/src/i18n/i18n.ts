import { i18n, type Messages } from '@lingui/core';
import { isLocale, localeOfPath, SOURCE_LOCALE, type Locale } from '@crew/rules/locales';

declare global {
  interface Window {
    /** The messages the loaded chunks brought, in the page's language (apps/web/build/chunk-catalogs.ts). */
    __crewMessages?: Messages;
    /** Called when a chunk's shared texts have arrived, after the chunk itself ran (apps/web/build/chunk-catalogs.ts). */
    __crewMessagesAdded?: () => void;
  }
}

/**
 * The page's language: the URL's prefix ("/fr/…"), else the one the server
 * chose for the page (`<html lang>`: the saved choice or the browser's
 * Accept-Language), else English.
 */
export const pageLocale = (): Locale => {
  const fromPath = localeOfPath(window.location.pathname);
  if (fromPath) return fromPath;
  const fromShell = document.documentElement.lang.slice(0, 2);
  return isLocale(fromShell) ? fromShell : SOURCE_LOCALE;
};

/**
 * Starts translation in the page's language. Every chunk adds its messages to
 * one shared object before its code runs; Lingui is given that object itself,
 * so messages a later chunk adds are there without a re-render.
 */
export const startI18n = (): Locale => {
  const locale = pageLocale();
  document.documentElement.lang = locale;
  window.__crewMessages ??= {};
  // The first screen's messages came inside the page (data blocks the server wrote; their chunks did not ask for them).
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][id^="i18n-"]')) {
    Object.assign(window.__crewMessages, JSON.parse(block.text) as Messages);
  }
  i18n.load(locale, window.__crewMessages);
  i18n.activate(locale);
  // Shared texts arrive after their chunk ran: screens that show one draw again (once per burst of arrivals).
  let pending = false;
  window.__crewMessagesAdded = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      i18n.load(locale, {});
    });
  };
  return locale;
};

/** The active language (English before startI18n). */
export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

export { i18n };
