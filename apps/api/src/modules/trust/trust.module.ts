import { Module, type DynamicModule } from '@nestjs/common';
import { AuthGuard, OptionalAuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PROJECTION_PROGRESS, TOKEN_SERVICE } from '../../platform/tokens';
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
 * plans and check-ins (the scheduler and the mail reactor run from the runtime).
 */
@Module({})
export class TrustModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: TrustModule,
      controllers: [TrustController],
      providers: [
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: AGGREGATE_REPOSITORY, useValue: runtime.repository },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        { provide: PROJECTION_PROGRESS, useValue: runtime.progress },
        AuthGuard,
        OptionalAuthGuard,
        SafetyClock,
        RunVoyageTrustCommandHandler,
        FileFloatPlanHandler,
        GetAgreementHandler,
        GetSailingLogHandler,
        GetFloatPlanByTokenHandler,
        GetVoyageTrustHandler,
        ListAwaitingAgreementsHandler,
      ],
      exports: [SafetyClock],
    };
  }
}
