import { Module } from '@nestjs/common';
import { contribute, LogReactor } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { withdrawApplicationsStep } from './erasure/withdraw-applications.step';
import { ReviewsModule } from '../reviews/reviews.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { applicationMail } from './application-mail';
import { applicationNoticesReactor } from './reactors/application-notices.reactor';
import { ApplicationsController, VoyageApplicationsController } from './applications.controller';
import { SubmitApplicationHandler } from './commands/submit-application.command';
import { DecideOnApplicationHandler } from './commands/decide-on-application.command';
import { GetApplicationHandler } from './queries/get-application.query';
import { GetMyApplicationsHandler } from './queries/get-my-applications.query';
import { GetVoyageApplicationsHandler } from './queries/get-voyage-applications.query';

/** Applications: crew apply for a voyage or some of its legs, skippers decide, both are mailed. */
@Module({
  imports: [ReviewsModule, SubscriptionsModule],
  controllers: [ApplicationsController, VoyageApplicationsController],
  providers: [
    SubmitApplicationHandler,
    DecideOnApplicationHandler,
    GetApplicationHandler,
    GetMyApplicationsHandler,
    GetVoyageApplicationsHandler,
    contribute('applications.mail', () => applicationMail),
    contribute('applications.erasure', withdrawApplicationsStep, [PLATFORM]),
    contribute('applications.notices', (platform: Platform) => new LogReactor(applicationNoticesReactor(platform.jobQueue, platform.baseUrl, platform.eventStore)), [PLATFORM]),
  ],
})
export class ApplicationsModule {}
