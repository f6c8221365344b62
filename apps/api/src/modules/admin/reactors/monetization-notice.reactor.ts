import { isPlatformConfigEvent, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';

/**
 * Tells every administrator when crew subscriptions are switched on or off:
 * it changes what crew members can do, so no admin should learn it from a
 * support ticket. One job per admin per event, with a deterministic id.
 */
export const monetizationNoticeReactor = (queue: JobQueue, baseUrl: string): LogConsumer => ({
  name: 'reactor:monetization-notice',
  handles: (recorded) => recorded.type === 'MonetizationToggled',
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const toggles = events.filter((e) => e.type === 'MonetizationToggled');
    if (toggles.length === 0) return;
    const admins: { id: string }[] = await manager.query('SELECT id FROM users WHERE is_admin ORDER BY created_at');
    const jobs: JobSpec[] = [];
    for (const recorded of toggles) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isPlatformConfigEvent(event) || event.type !== 'MonetizationToggled') continue;
      for (const admin of admins) {
        jobs.push(
          sendEmailJob(recorded.id, {
            template: 'monetization-changed',
            recipientId: admin.id,
            params: { enabled: event.data.enabled, changedAt: recorded.metadata.timestamp, baseUrl },
          }),
        );
      }
    }
    await queue.enqueue(jobs, manager);
  },
});
