import { isLocale, LOCALES, SOURCE_LOCALE } from '@crew/rules';
import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { GetSitemap } from './queries/get-sitemap.query';

/** Pages only signed-in users see, and the API: nothing there for a search engine. */
const PRIVATE_PATHS = ['/admin', '/dashboard', '/profile', '/applications', '/create-voyage', '/voyages/*/edit', '/voyages/*/applications', '/api/', '/dev/'];

/** robots.txt and sitemap.xml for search engines, with absolute addresses under PUBLIC_URL. */
@Controller()
export class SiteController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=86400')
  robots(): string {
    const base = this.platform.baseUrl.replace(/\/+$/, '');
    const localized = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);
    const disallowed = PRIVATE_PATHS.filter((path) => path !== '/api/' && path !== '/dev/').flatMap((path) => localized.map((locale) => `/${locale}${path}`));
    return [
      'User-agent: *',
      'Allow: /',
      ...[...PRIVATE_PATHS, ...disallowed].map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      ...localized.map((locale) => `Sitemap: ${base}/${locale}/sitemap.xml`),
      '',
    ].join('\n');
  }

  /** New voyages appear within the hour for crawlers that respect caching. */
  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  sitemap(): Promise<string> {
    return this.queries.execute(new GetSitemap(this.platform.baseUrl));
  }

  /** The same pages' addresses in one of the other languages (/fr/sitemap.xml…). */
  @Get(':locale/sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  localizedSitemap(@Param('locale') locale: string): Promise<string> {
    if (!isLocale(locale) || locale === SOURCE_LOCALE) throw new NotFoundException();
    return this.queries.execute(new GetSitemap(this.platform.baseUrl, locale));
  }
}
