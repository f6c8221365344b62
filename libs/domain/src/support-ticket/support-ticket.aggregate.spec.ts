import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import { SupportTicket, type SupportTicketCommand } from './support-ticket.aggregate';
import type { SupportTicketEvent, TicketStatus, TicketStatusActor } from './support-ticket.events';

const NOW = new Date('2027-03-01T09:00:00Z');
const REQUESTER = '11111111-1111-4111-8111-111111111111';
const STAFF = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const REPORT = '44444444-4444-4444-8444-444444444444';
const REVIEW = '55555555-5555-4555-8555-555555555555';
const REPLY = '66666666-6666-4666-8666-666666666666';

const open: SupportTicketCommand = {
  type: 'OpenTicket',
  requesterId: REQUESTER,
  title: '  Cannot upload my boat photo ',
  description: 'The upload spins forever and then says it failed.',
  priority: 'medium',
  source: 'contact_form',
  sourceId: null,
  subjectId: null,
};
const opened: SupportTicketEvent = {
  type: 'SupportTicketOpened',
  data: {
    requesterId: REQUESTER,
    title: 'Cannot upload my boat photo',
    description: 'The upload spins forever and then says it failed.',
    priority: 'medium',
    source: 'contact_form',
    sourceId: null,
    subjectId: null,
  },
};
const status = (from: TicketStatus, to: TicketStatus, by: TicketStatusActor = 'staff'): SupportTicketEvent => ({ type: 'SupportTicketStatusChanged', data: { from, to, by } });

/** given events, when a command, then the events it decides. */
const when = (given: readonly SupportTicketEvent[], command: SupportTicketCommand): SupportTicketEvent[] => SupportTicket.decide(command, foldEvents(SupportTicket, given), NOW);

const refusal = (given: readonly SupportTicketEvent[], command: SupportTicketCommand): string | null => {
  try {
    when(given, command);
    return null;
  } catch (error) {
    return error instanceof DomainError ? `${error.kind}:${error.code}` : 'not a domain error';
  }
};

describe('SupportTicket', () => {
  describe('OpenTicket', () => {
    it('opens with the trimmed text, the priority and where it came from', () => {
      expect(when([], open)).toEqual([opened]);
    });

    it('refuses text a read model cannot hold, too short or too long, and an unknown priority', () => {
      expect(refusal([], { ...open, title: 'Hi' })).toBe('validation:INVALID_TITLE');
      expect(refusal([], { ...open, description: 'x'.repeat(5001) })).toBe('validation:INVALID_DESCRIPTION');
      expect(refusal([], { ...open, description: 'Broken \u0007 bell character here' })).toBe('validation:INVALID_DESCRIPTION');
      expect(refusal([], { ...open, priority: 'critical' as 'urgent' })).toBe('validation:INVALID_PRIORITY');
      expect(refusal([], { ...open, source: 'review_report' })).toBe('validation:INVALID_SOURCE');
    });

    it('opens a ticket from a report once, however often the opening is retried', () => {
      const fromReport: SupportTicketCommand = { ...open, source: 'review_report', sourceId: REPORT, subjectId: REVIEW, priority: 'high' };
      const first = when([], fromReport);
      expect(first).toMatchObject([{ type: 'SupportTicketOpened', data: { source: 'review_report', sourceId: REPORT, subjectId: REVIEW } }]);
      expect(when(first, fromReport)).toEqual([]);
      expect(refusal(first, open)).toBe('conflict:TICKET_EXISTS');
    });
  });

  describe('ReplyToTicket', () => {
    it('records a staff reply without moving the status', () => {
      expect(when([opened], { type: 'ReplyToTicket', replyId: REPLY, authorId: STAFF, fromStaff: true, message: ' Try a smaller file. ' })).toEqual([
        { type: 'SupportTicketReplied', data: { replyId: REPLY, authorId: STAFF, fromStaff: true, message: 'Try a smaller file.' } },
      ]);
    });

    it('puts a resolved or pending ticket back in the queue when the requester answers', () => {
      const reply: SupportTicketCommand = { type: 'ReplyToTicket', replyId: REPLY, authorId: REQUESTER, fromStaff: false, message: 'Still broken.' };
      expect(when([opened, status('open', 'resolved')], reply)).toEqual([
        { type: 'SupportTicketReplied', data: { replyId: REPLY, authorId: REQUESTER, fromStaff: false, message: 'Still broken.' } },
        status('resolved', 'open', 'requester'),
      ]);
      expect(when([opened, status('open', 'pending')], reply).map((e) => e.type)).toEqual(['SupportTicketReplied', 'SupportTicketStatusChanged']);
      expect(when([opened], reply).map((e) => e.type)).toEqual(['SupportTicketReplied']);
    });

    it('refuses another member, a blank message, a closed ticket for the requester, and an unknown ticket', () => {
      expect(refusal([opened], { type: 'ReplyToTicket', replyId: REPLY, authorId: OTHER, fromStaff: false, message: 'Me too' })).toBe('forbidden:NOT_TICKET_REQUESTER');
      expect(refusal([opened], { type: 'ReplyToTicket', replyId: REPLY, authorId: STAFF, fromStaff: true, message: '   ' })).toBe('validation:INVALID_MESSAGE');
      expect(refusal([opened, status('open', 'closed')], { type: 'ReplyToTicket', replyId: REPLY, authorId: REQUESTER, fromStaff: false, message: 'Hello?' })).toBe(
        'conflict:TICKET_CLOSED',
      );
      expect(when([opened, status('open', 'closed')], { type: 'ReplyToTicket', replyId: REPLY, authorId: STAFF, fromStaff: true, message: 'Closing note' })).toHaveLength(1);
      expect(refusal([], { type: 'ReplyToTicket', replyId: REPLY, authorId: STAFF, fromStaff: true, message: 'Hi' })).toBe('not_found:TICKET_NOT_FOUND');
    });
  });

  describe('ChangeTicketStatus', () => {
    it('moves between any two statuses, and records nothing for the current one', () => {
      expect(when([opened], { type: 'ChangeTicketStatus', to: 'pending' })).toEqual([status('open', 'pending')]);
      expect(when([opened, status('open', 'closed')], { type: 'ChangeTicketStatus', to: 'open' })).toEqual([status('closed', 'open')]);
      expect(when([opened], { type: 'ChangeTicketStatus', to: 'open' })).toEqual([]);
      expect(refusal([opened], { type: 'ChangeTicketStatus', to: 'done' as 'closed' })).toBe('validation:INVALID_STATUS');
    });
  });

  describe('ChangeTicketPriority', () => {
    it('records the old and the new priority', () => {
      expect(when([opened], { type: 'ChangeTicketPriority', to: 'urgent' })).toEqual([{ type: 'SupportTicketPriorityChanged', data: { from: 'medium', to: 'urgent' } }]);
      expect(when([opened], { type: 'ChangeTicketPriority', to: 'medium' })).toEqual([]);
    });
  });

  describe('AssignTicket', () => {
    it('assigns to an administrator, reassigns and unassigns', () => {
      const assigned = when([opened], { type: 'AssignTicket', assigneeId: STAFF });
      expect(assigned).toEqual([{ type: 'SupportTicketAssigned', data: { assigneeId: STAFF, previousAssigneeId: null } }]);
      expect(when([opened, ...assigned], { type: 'AssignTicket', assigneeId: STAFF })).toEqual([]);
      expect(when([opened, ...assigned], { type: 'AssignTicket', assigneeId: null })).toEqual([
        { type: 'SupportTicketAssigned', data: { assigneeId: null, previousAssigneeId: STAFF } },
      ]);
    });
  });

  describe('RateTicket', () => {
    it('takes the requester’s verdict once the ticket is resolved or closed, and a changed mind', () => {
      const resolved = [opened, status('open', 'resolved')];
      expect(when(resolved, { type: 'RateTicket', raterId: REQUESTER, satisfied: true })).toEqual([{ type: 'SupportTicketRated', data: { satisfied: true } }]);
      const rated: SupportTicketEvent[] = [...resolved, { type: 'SupportTicketRated', data: { satisfied: true } }];
      expect(when(rated, { type: 'RateTicket', raterId: REQUESTER, satisfied: true })).toEqual([]);
      expect(when(rated, { type: 'RateTicket', raterId: REQUESTER, satisfied: false })).toEqual([{ type: 'SupportTicketRated', data: { satisfied: false } }]);
    });

    it('refuses before resolution and from anyone but the requester', () => {
      expect(refusal([opened], { type: 'RateTicket', raterId: REQUESTER, satisfied: true })).toBe('conflict:TICKET_NOT_RESOLVED');
      expect(refusal([opened, status('open', 'resolved')], { type: 'RateTicket', raterId: OTHER, satisfied: true })).toBe('forbidden:NOT_TICKET_REQUESTER');
    });
  });

  describe('EraseTicketRequester', () => {
    it('closes the ticket and marks its requester erased, once; afterwards nothing changes it', () => {
      const erased = when([opened], { type: 'EraseTicketRequester' });
      expect(erased).toEqual([status('open', 'closed', 'system'), { type: 'SupportTicketRequesterErased', data: { requesterId: REQUESTER } }]);
      expect(when([opened, status('open', 'closed')], { type: 'EraseTicketRequester' }).map((e) => e.type)).toEqual(['SupportTicketRequesterErased']);
      expect(when([opened, ...erased], { type: 'EraseTicketRequester' })).toEqual([]);
      expect(when([], { type: 'EraseTicketRequester' })).toEqual([]);
      expect(refusal([opened, ...erased], { type: 'ChangeTicketStatus', to: 'open' })).toBe('conflict:TICKET_ERASED');
      expect(refusal([opened, ...erased], { type: 'ReplyToTicket', replyId: REPLY, authorId: STAFF, fromStaff: true, message: 'Hello' })).toBe('conflict:TICKET_ERASED');
    });
  });

  it('folds to the state the commands read', () => {
    const state = foldEvents(SupportTicket, [
      opened,
      { type: 'SupportTicketReplied', data: { replyId: REPLY, authorId: STAFF, fromStaff: true, message: 'Hi' } },
      { type: 'SupportTicketPriorityChanged', data: { from: 'medium', to: 'high' } },
      { type: 'SupportTicketAssigned', data: { assigneeId: STAFF, previousAssigneeId: null } },
      status('open', 'resolved'),
      { type: 'SupportTicketRated', data: { satisfied: false } },
    ]);
    expect(state).toEqual({
      opened: true,
      requesterId: REQUESTER,
      status: 'resolved',
      priority: 'high',
      assigneeId: STAFF,
      source: 'contact_form',
      sourceId: null,
      satisfied: false,
      replies: 1,
      erased: false,
    });
  });
});
