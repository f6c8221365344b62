import { SupportTicket, supportTicketStreamId, type LogPosition } from '@crew/domain';
import { isUuid } from '../../../platform/http/uuid';
import type { AggregateRepository } from '../../../platform/event-store/aggregate-repository';
import { ticketNotFound } from '../ticket-read-model';

/** What a ticket command wrote: the position the answer waits for, and where. */
export interface TicketWritten {
  readonly ticketId: string;
  readonly streamId: string;
  readonly position: LogPosition | null;
}

/**
 * The ticket's stream, after checking that it exists and (for a member) is
 * theirs: another member's ticket is "not found", never "forbidden", so ids
 * cannot be probed.
 */
export async function ticketStream(repository: AggregateRepository, ticketId: string, memberId: string | null): Promise<string> {
  if (!isUuid(ticketId)) throw ticketNotFound();
  const streamId = supportTicketStreamId(ticketId.toLowerCase());
  const { state } = await repository.load(SupportTicket, streamId);
  if (!state.opened || (memberId !== null && state.requesterId !== memberId)) throw ticketNotFound();
  return streamId;
}
