import { isVoyageEvent, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import { safetyEmailJob } from '../trust-mail';

const TYPES = new Set(['ApplicationExpired', 'CrewAgreementIssued', 'FloatPlanFiled', 'FloatPlanOverdue']);

/**
 * Mail for trust and safety events: the applicant of an expired application,
 * the crew member an agreement (version) is issued to, the shore contacts of a
 * filed float plan, and, when a boat is overdue, the shore contacts and the
 * emergency contacts of everyone aboard. Deterministic job ids (event id and
 * recipient id), so a replayed event or a second scheduler never mails twice.
 */
export const trustNoticesReactor = (queue: JobQueue, baseUrl: string): LogConsumer => ({
  name: 'reactor:trust-notices',
  handles: (recorded) => TYPES.has(recorded.type),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const jobs: JobSpec[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!TYPES.has(event.type) || !isVoyageEvent(event)) continue;
      const voyageId = voyageIdOfStream(recorded.streamId);
      switch (event.type) {
        case 'ApplicationExpired':
          jobs.push(sendEmailJob(recorded.id, { template: 'application-expired', recipientId: event.data.crewId, params: { baseUrl, voyageId, reason: event.data.reason } }));
          break;
        case 'CrewAgreementIssued':
          jobs.push(
            sendEmailJob(recorded.id, { template: 'agreement-issued', recipientId: event.data.crewId, params: { baseUrl, voyageId, agreementId: event.data.agreementId, version: event.data.version } }),
          );
          break;
        case 'FloatPlanFiled':
          for (const id of event.data.shoreContactIds) jobs.push(safetyEmailJob(recorded.id, { template: 'float-plan-filed', to: { kind: 'shore', id }, voyageId, params: {} }));
          break;
        case 'FloatPlanOverdue':
          for (const id of event.data.shoreContactIds) jobs.push(safetyEmailJob(recorded.id, { template: 'float-plan-overdue', to: { kind: 'shore', id }, voyageId, params: {} }));
          for (const id of event.data.aboard) jobs.push(safetyEmailJob(recorded.id, { template: 'float-plan-overdue', to: { kind: 'emergency', id }, voyageId, params: {} }));
          break;
        default:
          break;
      }
    }
    if (jobs.length > 0) await queue.enqueue(jobs, manager);
  },
});
