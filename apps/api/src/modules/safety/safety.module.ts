import { GetAgreementVoyageHandler } from './queries/get-agreement-voyage.query';
import { GetCrewAgreementIdHandler } from './queries/get-crew-agreement-id.query';
import { Module } from '@nestjs/common';
import { contribute, JobHandlerFor, LogReactor, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { safetyNoticesReactor } from './reactors/safety-notices.reactor';
import { createSendSafetyEmailHandler, SEND_SAFETY_EMAIL_JOB, safetyMail } from './safety-mail';
import { SafetyScheduler } from './safety-scheduler';
import { FileFloatPlanHandler } from './commands/file-float-plan.command';
import { RunVoyageSafetyCommandHandler } from './commands/run-voyage-safety-command.command';
import { GetAgreementHandler } from './queries/get-agreement.query';
import { GetFloatPlanByTokenHandler } from './queries/get-float-plan.query';
import { GetSailingLogHandler } from './queries/get-sailing-log.query';
import { GetVoyageTrustHandler } from './queries/get-voyage-trust.query';
import { ListAwaitingAgreementsHandler } from './queries/list-awaiting-agreements.query';
import { SafetyClock } from './safety-clock';
import { SafetyController } from './safety.controller';

/**
 * Safety at sea: the verified sailing log, crew agreements, float plans and
 * check-ins, with the scheduler of deadlines and the mails they send. (A
 * member's trust indicators, which other screens show, are member-standing's.)
 * Persisted names keep their first spelling: the `trust` read models, the
 * `reactor:trust-notices` checkpoint and the scheduler's correlation ids.
 */
@Module({
  controllers: [SafetyController],
  providers: [
    GetAgreementVoyageHandler,
    GetCrewAgreementIdHandler,
    SafetyClock,
    RunVoyageSafetyCommandHandler,
    FileFloatPlanHandler,
    GetAgreementHandler,
    GetSailingLogHandler,
    GetFloatPlanByTokenHandler,
    GetVoyageTrustHandler,
    ListAwaitingAgreementsHandler,
    {
      provide: SafetyScheduler,
      useFactory: (platform: Platform) => new SafetyScheduler(platform.dataSource, platform.repository, (m) => platform.logger.warn(m)),
      inject: [PLATFORM],
    },
    contribute('safety.scheduler', (scheduler: SafetyScheduler) => new WorkerClock('safety scheduler', scheduler), [SafetyScheduler]),
    contribute('safety.mail', () => safetyMail),
    contribute('safety.notices', (platform: Platform) => new LogReactor(safetyNoticesReactor(platform.jobQueue, platform.baseUrl, platform.eventStore)), [PLATFORM]),
    contribute(
      'safety.safety-mail',
      (platform: Platform) =>
        new JobHandlerFor(SEND_SAFETY_EMAIL_JOB, createSendSafetyEmailHandler(platform.dataSource, platform.mail, platform.config.mailFrom, platform.baseUrl)),
      [PLATFORM],
    ),
  ],
  exports: [SafetyClock, SafetyScheduler],
})
export class SafetyModule {}
