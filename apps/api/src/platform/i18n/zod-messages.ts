import type { Locale } from '@crew/rules';
import { z, type core } from 'zod';

type Issue = core.$ZodIssue;
type LocaleError = (issue: Issue) => string | { message: string } | undefined | null;

/** zod's own wording of an issue in a language (its locales ship with it): for requests our schemas give no message of their own. */
const ZOD_LOCALES: Readonly<Record<Locale, () => { localeError: LocaleError }>> = {
  en: z.locales.en as () => { localeError: LocaleError },
  fr: z.locales.fr as () => { localeError: LocaleError },
  de: z.locales.de as () => { localeError: LocaleError },
  es: z.locales.es as () => { localeError: LocaleError },
  it: z.locales.it as () => { localeError: LocaleError },
};
const errorMaps = new Map<Locale, LocaleError>();
const errorMapOf = (locale: Locale): LocaleError => {
  let map = errorMaps.get(locale);
  if (!map) errorMaps.set(locale, (map = ZOD_LOCALES[locale]().localeError));
  return map;
};
const say = (locale: Locale, issue: Issue): string | null => {
  const said = errorMapOf(locale)(issue);
  return typeof said === 'string' ? said : (said?.message ?? null);
};

/**
 * An issue's message in `locale` when it is zod's own default wording (a
 * malformed request: a missing field, a wrong type), else null: messages our
 * schemas set are shared texts, translated from the shared catalogue.
 */
export const zodDefaultMessageIn = (locale: Locale, issue: Issue): string | null => {
  if (locale === 'en' || say('en', issue) !== issue.message) return null;
  return say(locale, issue);
};
