import { isSupportTicketEvent, SupportTicket, ticketIdOfStream, type RecordedEvent, type SupportTicketEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import '../support-mail';

/** Staff replies and staff status changes are mailed; the requester's own actions and the platform's are not. */
const mailed = (recorded: { readonly type: string; readonly data: unknown }): boolean => {
  const event = recorded as SupportTicketEvent;
  if (!isSupportTicketEvent(event)) return false;
  return (event.type === 'SupportTicketReplied' && event.data.fromStaff) || (event.type === 'SupportTicketStatusChanged' && event.data.by === 'staff');
};

/** How many tickets' requesters the reactor remembers between batches. */
const REMEMBERED = 5_000;

/**
 * Mails the member on every staff reply and every status change staff make,
 * with a link to the ticket. The requester is read from the ticket's own
 * stream (its opening event), so the reactor depends on nothing but the log.
 * Jobs name the member by id; the title is read when the mail is sent.
 * Deterministic ids (`<eventId>:<requester id>:<template>`): a replay mails nobody twice.
 */
export const ticketNoticesReactor = (queue: JobQueue, baseUrl: string, store: EventStore): LogConsumer => {
  const requesters = new Map<string, string>();
  const requesterOf = async (streamId: string): Promise<string | null> => {
    const known = requesters.get(streamId);
    if (known) return known;
    const events = await store.readStream(streamId);
    let state = SupportTicket.initialState();
    for (const event of events) if (SupportTicket.isEvent(event)) state = SupportTicket.evolve(state, event);
    if (state.requesterId === null) return null;
    requesters.set(streamId, state.requesterId);
    if (requesters.size > REMEMBERED) requesters.delete(requesters.keys().next().value as string);
    return state.requesterId;
  };
  return {
    name: 'reactor:ticket-notices',
    handles: (recorded) => mailed(recorded),
    async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
      const jobs: JobSpec[] = [];
      for (const recorded of events) {
        if (!mailed(recorded)) continue;
        const event = { type: recorded.type, data: recorded.data } as SupportTicketEvent;
        const recipientId = await requesterOf(recorded.streamId);
        if (!recipientId) continue;
        const ticketId = ticketIdOfStream(recorded.streamId);
        if (event.type === 'SupportTicketReplied') {
          jobs.push(sendEmailJob(recorded.id, { template: 'support-ticket-reply', recipientId, params: { baseUrl, ticketId, message: event.data.message } }));
        } else if (event.type === 'SupportTicketStatusChanged') {
          jobs.push(sendEmailJob(recorded.id, { template: 'support-ticket-status', recipientId, params: { baseUrl, ticketId, status: event.data.to } }));
        }
      }
      if (jobs.length > 0) await queue.enqueue(jobs, manager);
    },
  };
};
