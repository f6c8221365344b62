import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

/** The public pages a search engine should know, besides the voyages. */
export const PUBLIC_PAGES = ['/', '/voyages', '/help', '/help/getting-started', '/help/safety', '/register', '/terms-of-service', '/privacy-policy'] as const;

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

export class GetSitemap {
  constructor(readonly baseUrl: string) {}
}

const escapeXml = (text: string): string => text.replace(/[&<>'"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * /sitemap.xml: the public pages and every published voyage that is not
 * cancelled, from the voyage-summaries read model, as absolute addresses under
 * PUBLIC_URL; voyages carry their last change as lastmod, soonest departures first.
 */
@QueryHandler(GetSitemap)
export class GetSitemapHandler implements IQueryHandler<GetSitemap, string> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ baseUrl }: GetSitemap): Promise<string> {
    const base = baseUrl.replace(/\/+$/, '');
    const voyages = await this.dataSource.query<{ voyage_id: string; lastmod: string }[]>(
      `SELECT voyage_id, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod
         FROM voyage_summaries
        WHERE status NOT IN ('draft', 'cancelled') AND NOT suspended AND NOT owner_suspended
        ORDER BY start_date ASC NULLS LAST, voyage_id
        LIMIT $1`,
      [SITEMAP_LIMIT - PUBLIC_PAGES.length],
    );
    const entry = (path: string, lastmod?: string) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((path) => entry(path)),
      ...voyages.map((voyage) => entry(`/voyages/${voyage.voyage_id}`, voyage.lastmod)),
      '</urlset>',
      '',
    ].join('\n');
  }
}
