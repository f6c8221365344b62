import { SupportTicket } from './support-ticket.aggregate';
import type { SupportTicketEvent } from './support-ticket.events';
import { supportTicketPersonalData } from './support-ticket.personal-data';

const event = (type: SupportTicketEvent['type']): SupportTicketEvent => ({ type, data: {} }) as unknown as SupportTicketEvent;
const paths = (type: SupportTicketEvent['type']): string[] => supportTicketPersonalData.paths(event(type)).map((path) => path.join('.'));

describe("a support ticket's personal data", () => {
  it('is its title, description and every reply', () => {
    expect(paths('SupportTicketOpened')).toEqual(['title', 'description']);
    expect(paths('SupportTicketReplied')).toEqual(['message']);
    for (const type of ['SupportTicketStatusChanged', 'SupportTicketPriorityChanged', 'SupportTicketAssigned', 'SupportTicketRated', 'SupportTicketRequesterErased'] as const)
      expect(paths(type)).toEqual([]);
  });

  it('belongs to whoever wrote it: the title and description to the requester, a reply to its author', () => {
    const state = { ...SupportTicket.initialState(), requesterId: 'member-1' };
    expect(supportTicketPersonalData.subject(event('SupportTicketOpened'), state)).toBe('member-1');
    const reply = { type: 'SupportTicketReplied', data: { replyId: 'r', authorId: 'staff-1', fromStaff: true, message: 'Fixed' } } as const;
    expect(supportTicketPersonalData.subject(reply, state)).toBe('staff-1');
    expect(supportTicketPersonalData.subject(event('SupportTicketOpened'), SupportTicket.initialState())).toBeNull();
    expect(SupportTicket.personalData).toBe(supportTicketPersonalData);
  });
});
