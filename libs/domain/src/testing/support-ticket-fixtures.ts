import type { SupportTicketCommand } from '../support-ticket/support-ticket.aggregate';
import type { SupportTicketEvent } from '../support-ticket/support-ticket.events';

/** Ids of the people and things a ticket's tests name (uuids, as the aggregate checks). */
export const REQUESTER = '11111111-1111-4111-8111-111111111111';
export const STAFF = '22222222-2222-4222-8222-222222222222';
export const OTHER = '33333333-3333-4333-8333-333333333333';
export const REPORT = '44444444-4444-4444-8444-444444444444';
export const REVIEW = '55555555-5555-4555-8555-555555555555';
export const REPLY = '66666666-6666-4666-8666-666666666666';
export const OTHER_REPORT = '77777777-7777-4777-8777-777777777777';

type OpenTicket = Extract<SupportTicketCommand, { type: 'OpenTicket' }>;
type TicketOpened = Extract<SupportTicketEvent, { type: 'SupportTicketOpened' }>;

/** The requester opens a ticket from the contact form. */
export const openTicket = (overrides: Partial<OpenTicket> = {}): SupportTicketCommand => ({
  type: 'OpenTicket',
  requesterId: REQUESTER,
  title: 'Photo upload',
  description: 'The upload fails.',
  priority: 'low',
  source: 'contact_form',
  sourceId: null,
  subjectId: null,
  ...overrides,
});

/** What openTicket() decides. */
export const ticketOpened = (overrides: Partial<TicketOpened['data']> = {}): SupportTicketEvent => ({
  type: 'SupportTicketOpened',
  data: { requesterId: REQUESTER, title: 'Photo upload', description: 'The upload fails.', priority: 'low', source: 'contact_form', sourceId: null, subjectId: null, ...overrides },
});
