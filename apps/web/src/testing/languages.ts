import { compiledId } from '@crew/rules';
import type { Locale } from '@crew/rules/locales';
import type { Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { act } from '@testing-library/react/pure';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n } from '../i18n/i18n';

/** A catalogue by its area's name (as `I18N_AREA` names it, lingui.config.ts): a web feature's folder, `web` or `shared`. */
const catalogueFolder = (area: string): string => {
  const src = path.resolve(__dirname, '..');
  if (area === 'web') return path.join(src, 'locales');
  if (area === 'shared') return path.resolve(src, '../../../libs/rules/locales');
  return path.join(src, 'features', area, 'locales');
};

/** The translated messages of some catalogues in one language, keyed and compiled as the build gives them to the browser (apps/web/build/chunk-catalogs.ts). */
export function catalogueMessages(locale: Locale, ...areas: string[]): Messages {
  const messages: Messages = {};
  if (locale === 'en') return messages;
  for (const area of areas) {
    const file = path.join(catalogueFolder(area), `${locale}.po`);
    const parsed = formatter({}).parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file }) ?? {};
    for (const [key, entry] of Object.entries(parsed)) if (entry.translation && !entry.obsolete) messages[compiledId(key, entry.message)] = compileMessage(entry.translation);
  }
  return messages;
}

/**
 * Shows what renders next in another language, with the messages of the
 * catalogues named (`useLanguage('fr', 'help', 'web')`); English from the
 * source messages. Screens already rendered draw again in it.
 */
export const useLanguage = (locale: Locale, ...areas: string[]): void => {
  const messages = catalogueMessages(locale, ...areas);
  act(() => i18n.loadAndActivate({ locale, messages }));
};
