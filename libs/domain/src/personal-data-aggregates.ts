import type { Aggregate } from './shared/aggregate';
import { SupportTicket } from './support-ticket/support-ticket.aggregate';
import { Voyage } from './voyage/voyage.aggregate';

/** The aggregates whose events hold members' personal data (each states which values, and whose). */
export const personalDataAggregates: readonly Aggregate<never, never, never>[] = [Voyage, SupportTicket] as unknown as Aggregate<never, never, never>[];
