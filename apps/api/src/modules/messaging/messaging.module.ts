import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { contribute, JobHandlerFor } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { endLiveStreamsStep } from './erasure/end-live-streams.step';
import { messagingHandlers } from './messaging.handlers';
import { MessagingController } from './messaging.controller';
import { createMessaging, MESSAGING_SERVICES, type MessagingServices } from './messaging-services';
import { createUnreadCheckHandler, messagingMail, UNREAD_CHECK_JOB } from './unread-notices';

/**
 * Messaging: conversations, live delivery, blocks and reports, and the
 * unread-message notice. Its live services are exported: accounts and the
 * admin area end a member's open streams.
 */
@Module({
  controllers: [MessagingController],
  providers: [
    ...messagingHandlers,
    {
      provide: MESSAGING_SERVICES,
      useFactory: (platform: Platform) =>
        createMessaging(platform.dataSource, platform.databaseUrl, platform.jobQueue, {
          redisUrl: platform.config.redisUrl,
          redisPrefix: `${platform.redisPrefix}:`,
          clock: platform.clock,
          onError: (m) => platform.logger.warn(m),
        }),
      inject: [PLATFORM],
    },
    contribute('messaging.mail', () => messagingMail),
    contribute('messaging.erasure', endLiveStreamsStep, [MESSAGING_SERVICES]),
    contribute(
      'messaging.unread-check',
      (platform: Platform) => new JobHandlerFor(UNREAD_CHECK_JOB, createUnreadCheckHandler(platform.dataSource, platform.jobQueue, platform.clock, platform.baseUrl)),
      [PLATFORM],
    ),
  ],
  exports: [MESSAGING_SERVICES],
})
export class MessagingModule implements OnModuleDestroy {
  constructor(@Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices) {}

  async onModuleDestroy(): Promise<void> {
    await this.messaging.close();
  }
}
