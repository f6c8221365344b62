import type { PersonalDataMap } from '../shared/personal-data';
import type { SupportTicketState } from './support-ticket.aggregate';
import type { SupportTicketEvent } from './support-ticket.events';

/**
 * A ticket's texts belong to whoever wrote them: the title and description to
 * the requester, each reply to its author. Erasing the requester erases what
 * they wrote; the staff's replies stay, as the ticket's record of the answer.
 */
export const supportTicketPersonalData: PersonalDataMap<SupportTicketState, SupportTicketEvent> = {
  paths: (event) => {
    if (event.type === 'SupportTicketOpened') return [['title'], ['description']];
    if (event.type === 'SupportTicketReplied') return [['message']];
    return [];
  },
  subject: (event, state) => (event.type === 'SupportTicketReplied' ? event.data.authorId : state.requesterId),
};
