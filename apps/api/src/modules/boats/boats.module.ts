import { Module } from '@nestjs/common';
import { BoatsController } from './boats.controller';
import { SaveBoatHandler } from './commands/save-boat.command';

/** Boats: a skipper's boats and their photos. */
@Module({
  controllers: [BoatsController],
  providers: [SaveBoatHandler],
})
export class BoatsModule {}
