import { Module } from '@nestjs/common';
import { contribute, JobHandlerFor, LogReactor, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { trustNoticesReactor } from './reactors/trust-notices.reactor';
import { createSendSafetyEmailHandler, SEND_SAFETY_EMAIL_JOB, trustMail } from './trust-mail';
import { TrustScheduler } from './trust-scheduler';
import { FileFloatPlanHandler } from './commands/file-float-plan.command';
import { RunVoyageTrustCommandHandler } from './commands/run-voyage-trust-command.command';
import { GetAgreementHandler } from './queries/get-agreement.query';
import { GetFloatPlanByTokenHandler } from './queries/get-float-plan.query';
import { GetSailingLogHandler } from './queries/get-sailing-log.query';
import { GetVoyageTrustHandler } from './queries/get-voyage-trust.query';
import { ListAwaitingAgreementsHandler } from './queries/list-awaiting-agreements.query';
import { SafetyClock } from './safety-clock';
import { TrustController } from './trust.controller';

/**
 * Trust and safety at sea: the verified sailing log, crew agreements, float
 * plans and check-ins, with the scheduler of deadlines and the mails they send.
 */
@Module({
  controllers: [TrustController],
  providers: [
    SafetyClock,
    RunVoyageTrustCommandHandler,
    FileFloatPlanHandler,
    GetAgreementHandler,
    GetSailingLogHandler,
    GetFloatPlanByTokenHandler,
    GetVoyageTrustHandler,
    ListAwaitingAgreementsHandler,
    {
      provide: TrustScheduler,
      useFactory: (platform: Platform) => new TrustScheduler(platform.dataSource, platform.repository, (m) => platform.logger.warn(m)),
      inject: [PLATFORM],
    },
    contribute('trust.scheduler', (scheduler: TrustScheduler) => new WorkerClock('trust scheduler', scheduler), [TrustScheduler]),
    contribute('trust.mail', () => trustMail),
    contribute('trust.notices', (platform: Platform) => new LogReactor(trustNoticesReactor(platform.jobQueue, platform.baseUrl, platform.eventStore)), [PLATFORM]),
    contribute(
      'trust.safety-mail',
      (platform: Platform) =>
        new JobHandlerFor(SEND_SAFETY_EMAIL_JOB, createSendSafetyEmailHandler(platform.dataSource, platform.mail, platform.config.mailFrom, platform.baseUrl)),
      [PLATFORM],
    ),
  ],
  exports: [SafetyClock, TrustScheduler],
})
export class TrustModule {}
