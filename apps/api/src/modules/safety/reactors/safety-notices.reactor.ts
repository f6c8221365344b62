import { alertDueAtFiling, isVoyageEvent, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import { safetyEmailJob } from '../safety-mail';

const TYPES = new Set(['ApplicationExpired', 'CrewAgreementIssued', 'FloatPlanFiled', 'FloatPlanOverdue', 'CheckInRecorded']);

/**
 * Mail for trust and safety events: the applicant of an expired application,
 * the crew member an agreement (version) is issued to, the shore contacts of a
 * filed float plan, and, when a boat is overdue, the shore contacts and the
 * emergency contacts of everyone aboard, and, when someone aboard reports
 * arriving, the shore contacts of that plan (so they can stand down; only the
 * first "arrived" of a plan version is mailed). Deterministic job ids (event id and
 * recipient id), so a replayed event or a second scheduler never mails twice.
 * An overdue alert whose plan was filed when the alert was already due (an
 * arrival long past) mails nobody: it would be a false alarm. The filing time
 * is on the event; for alerts declared before it was, it is read from the
 * plan's own FloatPlanFiled in the voyage's stream.
 */
export const safetyNoticesReactor = (queue: JobQueue, baseUrl: string, store?: EventStore): LogConsumer => ({
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
            sendEmailJob(recorded.id, {
              template: 'agreement-issued',
              recipientId: event.data.crewId,
              params: { baseUrl, voyageId, agreementId: event.data.agreementId, version: event.data.version },
            }),
          );
          break;
        case 'FloatPlanFiled':
          for (const id of event.data.shoreContactIds) jobs.push(safetyEmailJob(recorded.id, { template: 'float-plan-filed', to: { kind: 'shore', id }, voyageId, params: {} }));
          break;
        case 'FloatPlanOverdue': {
          const filedAt = event.data.filedAt ?? (await planFiledAt(store, recorded.streamId, event.data.version));
          if (alertDueAtFiling({ expectedArrivalAt: event.data.expectedArrivalAt, filedAt })) break;
          for (const id of event.data.shoreContactIds) jobs.push(safetyEmailJob(recorded.id, { template: 'float-plan-overdue', to: { kind: 'shore', id }, voyageId, params: {} }));
          for (const id of event.data.aboard) jobs.push(safetyEmailJob(recorded.id, { template: 'float-plan-overdue', to: { kind: 'emergency', id }, voyageId, params: {} }));
          break;
        }
        case 'CheckInRecorded': {
          if (event.data.kind !== 'arrived' || event.data.planVersion === null) break;
          const shoreContactIds = await firstArrivalContacts(store, recorded, event.data.planVersion);
          // Ids only: the contacts' names and addresses are read when the mail is sent.
          for (const id of shoreContactIds) {
            jobs.push(
              safetyEmailJob(recorded.id, {
                template: 'float-plan-arrived',
                to: { kind: 'shore', id },
                voyageId,
                params: { arrivedAt: event.data.observedAt ?? event.data.reportedAt },
              }),
            );
          }
          break;
        }
        default:
          break;
      }
    }
    if (jobs.length > 0) await queue.enqueue(jobs, manager);
  },
});

/** When a version of a voyage's float plan was filed, from its FloatPlanFiled (upcast: always with filedAt); null when not found. */
async function planFiledAt(store: EventStore | undefined, streamId: string, version: number): Promise<string | null> {
  if (!store) return null;
  const events = await store.readStream(streamId);
  const filed = events.find((event) => event.type === 'FloatPlanFiled' && event.data['version'] === version);
  const at = filed?.data['filedAt'] ?? filed?.metadata.timestamp;
  return typeof at === 'string' ? at : null;
}

/**
 * The shore contacts of plan version `version`, from its FloatPlanFiled in the
 * voyage's stream, when `arrival` is the first "arrived" reported for that
 * version; none for a later one (they were told already) or without a store.
 */
async function firstArrivalContacts(store: EventStore | undefined, arrival: RecordedEvent, version: number): Promise<readonly string[]> {
  if (!store) return [];
  const events = await store.readStream(arrival.streamId);
  const filed = events.find((event) => event.type === 'FloatPlanFiled' && event.data['version'] === version);
  if (!filed) return [];
  const earlier = events.find((event) => event.type === 'CheckInRecorded' && event.data['kind'] === 'arrived' && event.data['planVersion'] === version);
  if (earlier && earlier.id !== arrival.id) return [];
  const ids = filed.data['shoreContactIds'];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
