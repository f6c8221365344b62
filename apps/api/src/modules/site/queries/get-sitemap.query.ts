import { LOCALES, localizedPath, SOURCE_LOCALE, type Locale } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

/** The public pages a search engine should know, besides the voyages. */
export const PUBLIC_PAGES = ['/', '/voyages', '/help', '/help/getting-started', '/help/safety', '/register', '/terms-of-service', '/privacy-policy'] as const;

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

export class GetSitemap {
  constructor(
    readonly baseUrl: string,
    /** The language whose addresses it lists (/sitemap.xml English, /fr/sitemap.xml French…). */
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

const escapeXml = (text: string): string => text.replace(/[&<>'"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * /sitemap.xml (and /fr/sitemap.xml, one per language): the public pages and
 * every published voyage that is not cancelled, from the voyage-summaries read
 * model, as absolute addresses under PUBLIC_URL in that language, each naming
 * its other languages (hreflang alternates); voyages carry their last change
 * as lastmod, soonest departures first.
 */
@QueryHandler(GetSitemap)
export class GetSitemapHandler implements IQueryHandler<GetSitemap, string> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ baseUrl, locale }: GetSitemap): Promise<string> {
    const base = baseUrl.replace(/\/+$/, '');
    const voyages = await this.dataSource.query<{ voyage_id: string; lastmod: string }[]>(
      `SELECT voyage_id, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod
         FROM voyage_summaries
        WHERE status NOT IN ('draft', 'cancelled') AND NOT suspended AND NOT owner_suspended
        ORDER BY start_date ASC NULLS LAST, voyage_id
        LIMIT $1`,
      [SITEMAP_LIMIT - PUBLIC_PAGES.length],
    );
    const address = (path: string, language: Locale) => escapeXml(`${base}${localizedPath(path, language)}`);
    const alternates = (path: string) =>
      [...LOCALES.map((language) => [language, language] as const), ['x-default', SOURCE_LOCALE] as const]
        .map(([hreflang, language]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${address(path, language)}"/>`)
        .join('');
    const entry = (path: string, lastmod?: string) => `  <url><loc>${address(path, locale)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates(path)}</url>`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...PUBLIC_PAGES.map((path) => entry(path)),
      ...voyages.map((voyage) => entry(`/voyages/${voyage.voyage_id}`, voyage.lastmod)),
      '</urlset>',
      '',
    ].join('\n');
  }
}
