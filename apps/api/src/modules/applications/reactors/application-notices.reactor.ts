import { isVoyageEvent, voyageIdOfStream, type JsonObject, type RecordedEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';

interface Person {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

interface VoyageFacts {
  title: string;
  skipper_id: string;
  start_date: string | null;
}

const longDate = (isoDate: string | null): string =>
  isoDate ? new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : 'on a date to be confirmed';

/**
 * Mails about applications: the skipper on each new application; the crew
 * member when accepted or rejected, and everyone still applying when the
 * voyage is cancelled. Jobs have deterministic ids (event id, recipient,
 * template) and the sender skips what it has sent, so a replay or a restarted
 * reactor never mails twice. Names and addresses are read when the mail is
 * queued, not stored in events, so an erased account gets nothing.
 */
export const applicationNoticesReactor = (queue: JobQueue, baseUrl: string): LogConsumer => ({
  name: 'reactor:application-notices',
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const relevant = events.flatMap((recorded) => {
      const event = { type: recorded.type, data: recorded.data };
      return isVoyageEvent(event) && NOTICE_TYPES.has(event.type) ? [{ recorded, event }] : [];
    });
    if (relevant.length === 0) return;

    const voyageIds = [...new Set(relevant.map(({ recorded }) => voyageIdOfStream(recorded.streamId)))];
    const voyages = new Map<string, VoyageFacts>(
      (
        await manager.query<(VoyageFacts & { voyage_id: string })[]>(
          `SELECT voyage_id, title, skipper_id, to_char(start_date, 'YYYY-MM-DD') AS start_date FROM voyage_summaries WHERE voyage_id = ANY($1::uuid[])`,
          [voyageIds],
        )
      ).map((row) => [row.voyage_id, row]),
    );
    const peopleIds = new Set<string>();
    for (const { recorded, event } of relevant) {
      for (const id of recipientsOf(event)) peopleIds.add(id);
      const voyage = voyages.get(voyageIdOfStream(recorded.streamId));
      if (voyage) peopleIds.add(voyage.skipper_id);
    }
    const people = new Map<string, Person>(
      (await manager.query<Person[]>(`SELECT id, email, first_name, last_name FROM users WHERE id = ANY($1::uuid[])`, [[...peopleIds]])).map((p) => [p.id, p]),
    );
    const applicationIds = relevant.flatMap(({ event }) => (event.type === 'ApplicationSubmitted' ? [event.data.applicationId] : []));
    const messages = new Map<string, string>(
      applicationIds.length === 0
        ? []
        : (
            await manager.query<{ application_id: string; message: string }[]>(
              `SELECT application_id, message FROM application_messages WHERE application_id = ANY($1::uuid[])`,
              [applicationIds],
            )
          ).map((row) => [row.application_id, row.message]),
    );

    const jobs: JobSpec[] = [];
    for (const { recorded, event } of relevant) {
      const voyageId = voyageIdOfStream(recorded.streamId);
      const voyage = voyages.get(voyageId);
      if (!voyage) continue;
      const skipper = people.get(voyage.skipper_id);
      const common: JsonObject = { baseUrl, voyageId, voyageTitle: voyage.title, departure: longDate(voyage.start_date) };
      const mail = (person: Person | undefined, template: string, params: JsonObject = {}) => {
        if (person) jobs.push(sendEmailJob(recorded.id, { template, to: person.email, params: { ...common, firstName: person.first_name, ...params } }));
      };
      switch (event.type) {
        case 'ApplicationSubmitted': {
          const applicant = people.get(event.data.crewId);
          const legs = event.data.segmentOrders.length === 0 ? 'the whole voyage' : `leg ${event.data.segmentOrders.join(', ')}`;
          mail(skipper, 'application-received', {
            applicantName: applicant ? `${applicant.first_name} ${applicant.last_name}` : 'A crew member',
            message: messages.get(event.data.applicationId) ?? '',
            legs,
          });
          break;
        }
        case 'ApplicationAccepted':
          mail(people.get(event.data.crewId), 'application-accepted', { skipperName: skipper ? `${skipper.first_name} ${skipper.last_name}` : 'The skipper' });
          break;
        case 'ApplicationRejected':
          // A cancellation rejects pending applications; the cancellation mail says so once.
          if (event.data.reason === 'skipper') mail(people.get(event.data.crewId), 'application-rejected');
          break;
        case 'VoyageCancelled':
          for (const crewId of event.data.notifiedCrewIds ?? []) mail(people.get(crewId), 'voyage-cancelled');
          break;
        default:
          break;
      }
    }
    if (jobs.length > 0) await queue.enqueue(jobs, manager);
  },
});

const NOTICE_TYPES = new Set<VoyageEvent['type']>(['ApplicationSubmitted', 'ApplicationAccepted', 'ApplicationRejected', 'VoyageCancelled']);

function recipientsOf(event: VoyageEvent): string[] {
  switch (event.type) {
    case 'ApplicationSubmitted':
    case 'ApplicationAccepted':
    case 'ApplicationRejected':
      return [event.data.crewId];
    case 'VoyageCancelled':
      return event.data.notifiedCrewIds ?? [];
    default:
      return [];
  }
}
