import { Module } from '@nestjs/common';
import { SiteController } from './site.controller';
import { GetSitemapHandler } from './queries/get-sitemap.query';

/** The site's own documents: sitemap and robots. */
@Module({
  controllers: [SiteController],
  providers: [GetSitemapHandler],
})
export class SiteModule {}
