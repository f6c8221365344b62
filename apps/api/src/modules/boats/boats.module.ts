import { Module } from '@nestjs/common';
import { contribute } from '../../platform/contributions';
import { PLATFORM } from '../../platform/tokens';
import { removePhotosStep } from './erasure/remove-photos.step';
import { BoatsController } from './boats.controller';
import { SaveBoatHandler } from './commands/save-boat.command';
import { SetBoatPhotoHandler } from './commands/set-boat-photo.command';
import { GetMyBoatHandler } from './queries/get-my-boat.query';
import { ListMyBoatsHandler } from './queries/list-my-boats.query';

/** Boats: a skipper's boats and their photos. */
@Module({
  controllers: [BoatsController],
  providers: [SaveBoatHandler, SetBoatPhotoHandler, ListMyBoatsHandler, GetMyBoatHandler, contribute('boats.erasure', removePhotosStep, [PLATFORM])],
})
export class BoatsModule {}
