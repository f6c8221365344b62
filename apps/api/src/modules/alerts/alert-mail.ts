import { DIGEST_VOYAGES_MAX, type SavedSearchFilters } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { MailTemplates } from '../../platform/contributions';
import { layout, str, type MailRenderers, type RenderedEmail } from '../../platform/mail/email-templates';
import { intlLocale, localeOf } from '../../platform/mail/mail-i18n';
import { localizedUrl, type MailLinks } from '../../platform/mail/mail-links';
import { MailNoLongerDue, type MailBatchResolver, type MailParamResolver } from '../../platform/mail/send-email.job';
import { ALERT_TEMPLATE, BERTH_TEMPLATE, DIGEST_TEMPLATE } from './reactors/voyage-alerts.reactor';
import { browsePathOf } from './saved-search-rows';
import { stillMatches, type MatchedVoyage } from './voyage-matching';

/** The first day of a voyage in the mail's language ("1 June 2026"). */
const dayOf = (isoDate: string, i18n: I18n): string => (isoDate ? dayFormat(intlLocale(i18n)).format(new Date(`${isoDate}T00:00:00Z`)) : '');

/** One formatter per language: toLocaleDateString builds a new one per call (about 6% of the worker's work in a digest run). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (locale: string): Intl.DateTimeFormat => {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format;
};

/** Raised when a job names something not yet readable (the read model a moment behind the log): BullMQ tries again. */
export class AlertNotReadyYet extends Error {
  constructor(what: string) {
    super(`${what} is not in the read model yet; trying again`);
    this.name = 'AlertNotReadyYet';
  }
}

interface SearchForMail {
  readonly name: string;
  readonly alert: string;
  readonly filters: SavedSearchFilters;
  readonly bbox: number[] | null;
}

type VoyageLine = MatchedVoyage;

const loadSearch = async (dataSource: DataSource, searchId: unknown): Promise<SearchForMail | null> => {
  if (typeof searchId !== 'string') return null;
  const [row] = await dataSource.query<SearchForMail[]>('SELECT name, alert, filters, bbox FROM saved_searches WHERE id = $1', [searchId]);
  return row ?? null;
};

/** One voyage as a line of an alert ("Title — from Port, departing 1 June 2026"). */
const voyageLine = (voyage: VoyageLine, i18n: I18n): string => {
  const { title } = voyage;
  const day = dayOf(voyage.start_date ?? '', i18n);
  const port = voyage.departure_port ?? '';
  if (port && day) return t(i18n)`${title}, from ${port}, departing ${day}`;
  if (day) return t(i18n)`${title}, departing ${day}`;
  return title;
};

/** The links every alert mail carries, in the mail's language: the voyage(s), all alerts, and this search's unsubscribe. */
const alertLinks = (links: MailLinks, searchId: string, i18n: I18n): JsonObject => {
  const locale = localeOf(i18n);
  return {
    manageUrl: localizedUrl(`${links.baseUrl}/saved-searches`, links.baseUrl, locale),
    unsubscribeUrl: links.alertUnsubscribeUrl(searchId, locale),
    oneClickUrl: links.alertOneClickUrl(searchId),
  };
};

const voyageUrl = (links: MailLinks, voyageId: string, i18n: I18n): string => localizedUrl(`${links.baseUrl}/voyages/${voyageId}`, links.baseUrl, localeOf(i18n));

/**
 * The values of the alert mails, read when each is sent (jobs carry ids): the
 * search's name, the voyages. An instant alert is sent only if the search
 * still wants it and the voyage still matches it; a digest lists the voyages
 * recorded for it that are still open.
 */
const resolvers = (links: MailLinks): Record<string, MailParamResolver> => ({
  [ALERT_TEMPLATE]: async (dataSource, params, i18n): Promise<JsonObject> => {
    const searchId = str(params, 'searchId');
    const voyageId = str(params, 'voyageId');
    const search = await loadSearch(dataSource, searchId);
    if (!search) throw new MailNoLongerDue('the saved search was deleted');
    if (search.alert !== 'instant') throw new MailNoLongerDue(`the search's alert is now ${search.alert}`);
    const { verdict, voyage } = await stillMatches(dataSource, search, voyageId, str(params, 'logCommit'));
    if (verdict === 'behind') throw new AlertNotReadyYet(`voyage ${voyageId}`);
    if (verdict === 'no' || !voyage) throw new MailNoLongerDue('the voyage no longer matches the search');
    // A digest never lists a voyage this mail announced.
    await dataSource.query('UPDATE saved_search_matches SET mailed_at = coalesce(mailed_at, now()) WHERE search_id = $1 AND voyage_id = $2', [searchId, voyageId]);
    return {
      searchName: search.name,
      voyageTitle: voyage.title,
      voyageLine: voyageLine(voyage, i18n),
      voyageUrl: voyageUrl(links, voyageId, i18n),
      ...alertLinks(links, searchId, i18n),
    };
  },
  [DIGEST_TEMPLATE]: async (dataSource, params, i18n): Promise<JsonObject> => {
    const [values] = await digestBatch(links)(dataSource, [{ params, i18n }]);
    if (values instanceof MailNoLongerDue) throw values;
    return values ?? {};
  },
});

interface DigestForMail {
  readonly id: string;
  readonly search_id: string;
  readonly name: string;
  readonly filters: SavedSearchFilters;
  readonly bbox: number[] | null;
  readonly voyages: VoyageLine[];
}

/**
 * The values of many digests in one read: each digest, its search, and its
 * voyages still open (found through the matches' key, by search). A digest
 * whose search was deleted, or none of whose voyages is still open, is no
 * longer due.
 */
const digestBatch =
  (links: MailLinks): MailBatchResolver =>
  async (dataSource, mails) => {
    const ids = mails.map(({ params }) => str(params, 'digestId'));
    const rows = await dataSource.query<DigestForMail[]>(
      `SELECT d.id, d.search_id, s.name, s.filters, s.bbox,
              coalesce((SELECT json_agg(json_build_object('voyage_id', v.voyage_id, 'title', v.title, 'departure_port', v.departure_port, 'start_date', v.start_date::text)
                                        ORDER BY m.matched_at, m.voyage_id)
                          FROM saved_search_matches m JOIN voyage_summaries v ON v.voyage_id = m.voyage_id
                         WHERE m.search_id = d.search_id AND m.digest_id = d.id
                           AND v.status IN ('planning', 'active') AND NOT v.suspended AND NOT v.archived AND NOT v.owner_suspended), '[]') AS voyages
         FROM saved_search_digests d JOIN saved_searches s ON s.id = d.search_id WHERE d.id = ANY($1::uuid[])`,
      [ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return mails.map(({ i18n }, index) => {
      const digest = byId.get(ids[index] ?? '');
      if (!digest) return new MailNoLongerDue('the saved search was deleted');
      const { voyages } = digest;
      if (voyages.length === 0) return new MailNoLongerDue('none of the voyages of this digest is still open');
      const shown = voyages.slice(0, DIGEST_VOYAGES_MAX);
      return {
        searchName: digest.name,
        count: voyages.length,
        more: voyages.length - shown.length,
        lines: shown.map((voyage) => `${voyageLine(voyage, i18n)}\n${voyageUrl(links, voyage.voyage_id, i18n)}`),
        searchUrl: localizedUrl(`${links.baseUrl}${browsePathOf(digest.filters, digest.bbox)}`, links.baseUrl, localeOf(i18n)),
        ...alertLinks(links, digest.search_id, i18n),
      };
    });
  };

/** RFC 2369 and RFC 8058: the mail client's own Unsubscribe button turns this search's alert off with one POST. */
const listHeaders = (params: JsonObject): Record<string, string> => ({
  'List-Unsubscribe': `<${str(params, 'oneClickUrl')}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const footer = (params: JsonObject, i18n: I18n): string[] => {
  const manageUrl = str(params, 'manageUrl');
  const unsubscribeUrl = str(params, 'unsubscribeUrl');
  return [t(i18n)`Manage all your alerts: ${manageUrl}`, t(i18n)`Stop alerts for this search: ${unsubscribeUrl}`];
};

const renderers: MailRenderers = {
  [ALERT_TEMPLATE]: (params, i18n): RenderedEmail => {
    const searchName = str(params, 'searchName');
    const voyageTitle = str(params, 'voyageTitle');
    const firstName = str(params, 'firstName');
    return {
      subject: t(i18n)`New voyage for "${searchName}": ${voyageTitle}`,
      ...layout(
        [
          t(i18n)`Hello ${firstName},`,
          t(i18n)`A voyage that matches your saved search "${searchName}" has just been published:`,
          str(params, 'voyageLine'),
          ...footer(params, i18n),
        ],
        { label: t(i18n)`View the voyage`, url: str(params, 'voyageUrl') },
        localeOf(i18n),
      ),
      headers: listHeaders(params),
    };
  },
  [DIGEST_TEMPLATE]: (params, i18n): RenderedEmail => {
    const searchName = str(params, 'searchName');
    const count = Number(params['count'] ?? 0);
    const more = Number(params['more'] ?? 0);
    const lines = Array.isArray(params['lines']) ? params['lines'].map(String) : [];
    const firstName = str(params, 'firstName');
    const searchUrl = str(params, 'searchUrl');
    return {
      subject: t(i18n)`${plural(count, { one: `# new voyage for "${searchName}"`, other: `# new voyages for "${searchName}"` })}`,
      ...layout(
        [
          t(i18n)`Hello ${firstName},`,
          t(
            i18n,
          )`${plural(count, { one: `# voyage matching your saved search "${searchName}" was published since your last digest:`, other: `# voyages matching your saved search "${searchName}" were published since your last digest:` })}`,
          ...lines,
          ...(more > 0 ? [t(i18n)`${plural(more, { one: `and # more: ${searchUrl}`, other: `and # more: ${searchUrl}` })}`] : []),
          ...footer(params, i18n),
        ],
        { label: t(i18n)`See them all`, url: searchUrl },
        localeOf(i18n),
      ),
      headers: listHeaders(params),
    };
  },
  [BERTH_TEMPLATE]: (params, i18n): RenderedEmail => {
    const voyageTitle = str(params, 'voyageTitle');
    const firstName = str(params, 'firstName');
    return {
      subject: t(i18n)`A berth is open: ${voyageTitle}`,
      ...layout(
        [
          t(i18n)`Hello ${firstName},`,
          t(i18n)`"${voyageTitle}" was full and takes crew again. You asked us to tell you: apply soon, berths go quickly.`,
          t(i18n)`This was a one-time notice: you no longer watch this voyage.`,
        ],
        { label: t(i18n)`View the voyage`, url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}` },
        localeOf(i18n),
      ),
    };
  },
};

export const alertMail = (links: MailLinks): MailTemplates =>
  new MailTemplates(
    renderers,
    resolvers(links),
    { [ALERT_TEMPLATE]: 'saved_search_alerts', [DIGEST_TEMPLATE]: 'saved_search_alerts', [BERTH_TEMPLATE]: 'berth_watch' },
    { [DIGEST_TEMPLATE]: digestBatch(links) },
  );
