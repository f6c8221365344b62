import { Module, type DynamicModule } from '@nestjs/common';
import { AuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { DATA_SOURCE, RUNTIME, TOKEN_SERVICE } from '../../platform/tokens';
import { AdminSupportDeskController } from './admin-support-desk.controller';
import { HelpController, MailPreferencesController } from './help.controller';

/**
 * The support desk's communications, knowledge base and system health: its
 * controllers over the runtime's campaign dispatcher, template store, health
 * monitor and error log.
 */
@Module({})
export class SupportDeskModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: SupportDeskModule,
      controllers: [AdminSupportDeskController, HelpController, MailPreferencesController],
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        AuthGuard,
      ],
    };
  }
}
