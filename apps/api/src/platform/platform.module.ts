import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccountErasures } from './account-erasures';
import { AuthGuard, OptionalAuthGuard } from './auth/auth.guard';
import { AccountErasureStep, contribute } from './contributions';
import { HealthController } from './health/health.controller';
import { DevMailboxController } from './mail/dev-mailbox.controller';
import { mailErasure } from './mail/mail-erasure';
import { MailTemplateRegistry } from './mail/mail-template-registry';
import type { Platform } from './platform';
import { personalDataErasure } from './privacy/personal-data-erasure';
import { ProcessRoles } from './process-roles';
import {
  AGGREGATE_REPOSITORY,
  APP_CONFIG,
  DATA_SOURCE,
  ERROR_LOG,
  EVENT_STORE,
  JOB_QUEUE,
  MAIL_LINKS,
  MAIL_TRANSPORT,
  PHOTO_STORE,
  PLATFORM,
  PROJECTION_PROGRESS,
  SMS_SENDER,
  TEMPLATE_STORE,
  TOKEN_SERVICE,
} from './tokens';

/**
 * The platform's services for every context module (global: no context
 * imports it), the guards, the health and dev-mailbox endpoints, and the
 * process roles that run what the contexts contribute.
 */
@Global()
@Module({})
export class PlatformModule {
  static forPlatform(platform: Platform): DynamicModule {
    const values = [
      { provide: PLATFORM, useValue: platform },
      { provide: APP_CONFIG, useValue: platform.config },
      { provide: DATA_SOURCE, useValue: platform.dataSource },
      { provide: EVENT_STORE, useValue: platform.eventStore },
      { provide: AGGREGATE_REPOSITORY, useValue: platform.repository },
      { provide: PROJECTION_PROGRESS, useValue: platform.progress },
      { provide: TOKEN_SERVICE, useValue: platform.tokens },
      { provide: JOB_QUEUE, useValue: platform.jobQueue },
      { provide: PHOTO_STORE, useValue: platform.photos },
      { provide: ERROR_LOG, useValue: platform.errorLog },
      { provide: TEMPLATE_STORE, useValue: platform.templates },
      { provide: MAIL_LINKS, useValue: platform.mailLinks },
      { provide: MAIL_TRANSPORT, useValue: platform.mail },
      { provide: SMS_SENDER, useValue: platform.sms },
    ];
    const shared = [...values.map((value) => value.provide), MailTemplateRegistry, ProcessRoles, AccountErasures, AuthGuard, OptionalAuthGuard];
    return {
      module: PlatformModule,
      imports: [DiscoveryModule],
      controllers: [HealthController, ...(platform.config.nodeEnv === 'production' ? [] : [DevMailboxController])],
      providers: [
        ...values,
        MailTemplateRegistry,
        ProcessRoles,
        AccountErasures,
        AuthGuard,
        OptionalAuthGuard,
        // The mail pipeline keeps email_messages, so it erases the mails to and about an erased account.
        contribute('platform.mail-erasure', () => new AccountErasureStep('mail', 'mail', mailErasure(platform.dataSource))),
        // The event log is the platform's: the member's data key goes, and with it their texts in the log.
        contribute(
          'platform.personal-data-erasure',
          () => new AccountErasureStep('data-key', 'keys', personalDataErasure(platform.dataKeys, platform.snapshots, platform.repository)),
        ),
      ],
      exports: shared,
    };
  }
}
