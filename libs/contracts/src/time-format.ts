/**
 * Times of a voyage as sailors read them: the local time of the port, with
 * its zone, the same on the page and in the mails ("Sun, 1 Aug 2027, 09:00 CEST").
 * `timeZone` is the port's IANA zone (the float plan's `time_zone`); without
 * one (or with one this runtime does not know) the reader's own zone is used.
 * `locale` is the reader's language (en: British forms, as the spec's mails
 * write them). No schema code, so the web client's first chunks can use it.
 */
export function formatPortTime(iso: string | null | undefined, timeZone?: string | null, locale = 'en'): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
  const language = locale === 'en' ? 'en-GB' : locale;
  if (timeZone) {
    try {
      return date.toLocaleString(language, { ...options, timeZone });
    } catch {
      // An unknown zone: the reader's own below.
    }
  }
  return date.toLocaleString(language, options);
}
