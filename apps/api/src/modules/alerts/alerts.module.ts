import { Module } from '@nestjs/common';
import { contribute, LogReactor, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { AlertDigests } from './alert-digests';
import { alertMail } from './alert-mail';
import { CreateSavedSearchHandler } from './commands/create-saved-search.command';
import { DeleteSavedSearchHandler } from './commands/delete-saved-search.command';
import { OpenSavedSearchHandler } from './commands/open-saved-search.command';
import { UnsubscribeAlertHandler } from './commands/unsubscribe-alert.command';
import { UnwatchVoyageHandler } from './commands/unwatch-voyage.command';
import { UpdateSavedSearchHandler } from './commands/update-saved-search.command';
import { WatchVoyageHandler } from './commands/watch-voyage.command';
import { GetSavedSearchHandler } from './queries/get-saved-search.query';
import { GetWatchHandler } from './queries/get-watch.query';
import { ListSavedSearchesHandler } from './queries/list-saved-searches.query';
import { ListWatchesHandler } from './queries/list-watches.query';
import { voyageAlertsReactor } from './reactors/voyage-alerts.reactor';
import { SavedSearchesController } from './saved-searches.controller';
import { VoyageWatchController } from './voyage-watch.controller';

/**
 * Alerts: saved searches and their instant and digest mails, and berth watch.
 * Member data in plain tables (ARCHITECTURE: profiles and settings are
 * state-based); the matching follows the voyage log as a reactor.
 */
@Module({
  controllers: [SavedSearchesController, VoyageWatchController],
  providers: [
    CreateSavedSearchHandler,
    UpdateSavedSearchHandler,
    DeleteSavedSearchHandler,
    OpenSavedSearchHandler,
    UnsubscribeAlertHandler,
    WatchVoyageHandler,
    UnwatchVoyageHandler,
    ListSavedSearchesHandler,
    GetSavedSearchHandler,
    ListWatchesHandler,
    GetWatchHandler,
    {
      provide: AlertDigests,
      useFactory: (platform: Platform) => new AlertDigests(platform.dataSource, platform.jobQueue, platform.baseUrl, platform.clock, (message) => platform.logger.warn(message)),
      inject: [PLATFORM],
    },
    contribute('alerts.digests', (digests: AlertDigests) => new WorkerClock('alert digests', digests), [AlertDigests]),
    contribute('alerts.mail', (platform: Platform) => alertMail(platform.mailLinks), [PLATFORM]),
    contribute('alerts.matching', (platform: Platform) => new LogReactor(voyageAlertsReactor(platform.jobQueue, platform.baseUrl, platform.eventStore)), [PLATFORM]),
  ],
  exports: [AlertDigests],
})
export class AlertsModule {}
