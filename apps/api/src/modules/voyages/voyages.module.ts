import { Module } from '@nestjs/common';
import { contribute } from '../../platform/contributions';
import { PLATFORM } from '../../platform/tokens';
import { deleteSkipperedVoyagesStep } from './erasure/delete-skippered-voyages.step';
import { ReviewsModule } from '../reviews/reviews.module';
import { VoyagesController } from './voyages.controller';
import { PublishVoyageHandler } from './commands/publish-voyage.command';
import { EditVoyageHandler } from './commands/edit-voyage.command';
import { ChangeVoyageHandler } from './commands/change-voyage.command';
import { ListVoyagesHandler } from './queries/list-voyages.query';
import { GetVoyageMapHandler } from './queries/get-voyage-map.query';
import { GetVoyageHandler } from './queries/get-voyage.query';
import { GetMyVoyagesHandler } from './queries/get-my-voyages.query';
import { CheckRouteHandler } from './queries/check-route.query';
import { GetGuestVoyagePageHandler } from './queries/get-guest-voyage-page.query';
import { FindCrewedVoyagesHandler } from './queries/find-crewed-voyages.query';
import { ListSailingSoonHandler } from './queries/list-sailing-soon.query';

/** Voyages: publishing, editing and the lifecycle of a voyage, browse, the map and the voyage page. */
@Module({
  imports: [ReviewsModule],
  controllers: [VoyagesController],
  providers: [
    PublishVoyageHandler,
    EditVoyageHandler,
    ChangeVoyageHandler,
    ListVoyagesHandler,
    GetVoyageMapHandler,
    GetVoyageHandler,
    GetMyVoyagesHandler,
    CheckRouteHandler,
    GetGuestVoyagePageHandler,
    FindCrewedVoyagesHandler,
    ListSailingSoonHandler,
    contribute('voyages.erasure', deleteSkipperedVoyagesStep, [PLATFORM]),
  ],
})
export class VoyagesModule {}
