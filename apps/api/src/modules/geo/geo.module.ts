import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller';
import { SearchPortsHandler } from './queries/search-ports.query';

/** Ports and harbours: the search behind every port field. */
@Module({
  controllers: [GeoController],
  providers: [SearchPortsHandler],
})
export class GeoModule {}
