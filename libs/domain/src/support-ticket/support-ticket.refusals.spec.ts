import { disallowedCharactersMessage } from '@crew/rules';
import { DeciderSpecification } from '../testing/decider-specification';
import { openTicket as open, OTHER, OTHER_REPORT, REPLY, REPORT, REQUESTER, REVIEW, STAFF, ticketOpened as opened } from '../testing/support-ticket-fixtures';
import { SupportTicket, type SupportTicketCommand } from './support-ticket.aggregate';
import type { SupportTicketEvent } from './support-ticket.events';

const given = DeciderSpecification.for(SupportTicket);
const closed: SupportTicketEvent = { type: 'SupportTicketStatusChanged', data: { from: 'open', to: 'closed', by: 'staff' } };
const resolved: SupportTicketEvent = { type: 'SupportTicketStatusChanged', data: { from: 'open', to: 'resolved', by: 'staff' } };
const erased: SupportTicketEvent = { type: 'SupportTicketRequesterErased', data: { requesterId: REQUESTER } };
const reply = (authorId: string, fromStaff: boolean): SupportTicketCommand => ({ type: 'ReplyToTicket', replyId: REPLY, authorId, fromStaff, message: 'Any news?' });

describe('a ticket before it is opened', () => {
  it('is open, of medium priority, unassigned, unrated and from nowhere yet', () => {
    expect(SupportTicket.initialState()).toEqual({
      opened: false,
      requesterId: null,
      status: 'open',
      priority: 'medium',
      assigneeId: null,
      source: null,
      sourceId: null,
      satisfied: null,
      replies: 0,
      erased: false,
    });
  });
});

describe('support ticket refusals, in the words the member reads', () => {
  describe('opening', () => {
    it('names the field whose text is too short', () => {
      given([])
        .when(open({ description: 'Broken' }))
        .thenThrows('validation', 'INVALID_DESCRIPTION', 'Description must be at least 10 characters');
      given([])
        .when(open({ title: 'Hi' }))
        .thenThrows('validation', 'INVALID_TITLE', 'Title must be at least 5 characters');
    });

    it('refuses a title or a description that is not text, as text it cannot hold', () => {
      given([])
        .when(open({ title: 42 as never }))
        .thenThrows('validation', 'INVALID_TITLE', disallowedCharactersMessage('Title'));
      given([])
        .when(open({ description: null as never }))
        .thenThrows('validation', 'INVALID_DESCRIPTION', disallowedCharactersMessage('Description'));
    });

    it('refuses an unknown source as unknown', () =>
      given([])
        .when(open({ source: 'forum' as never, sourceId: REPORT, subjectId: REVIEW }))
        .thenThrows('validation', 'INVALID_SOURCE', 'Unknown ticket source'));

    it('refuses a report ticket that names what is reported but not the report', () =>
      given([])
        .when(open({ source: 'message_report', sourceId: null, subjectId: REVIEW }))
        .thenThrows('validation', 'INVALID_SOURCE', 'A ticket opened from a report names the report and what it reports, and only then'));

    it('opens once per report: a retried opening of the same report changes nothing, another report is refused', () => {
      const fromReport = [opened({ source: 'review_report', sourceId: REPORT, subjectId: REVIEW })];
      given(fromReport)
        .when(open({ source: 'review_report', sourceId: REPORT, subjectId: REVIEW }))
        .thenNothing();
      given(fromReport)
        .when(open({ source: 'review_report', sourceId: OTHER_REPORT, subjectId: REVIEW }))
        .thenThrows('conflict', 'TICKET_EXISTS', 'This ticket has already been opened');
    });
  });

  describe('replying', () => {
    it('tells another member only the requester can reply', () =>
      given([opened()]).when(reply(OTHER, false)).thenThrows('forbidden', 'NOT_TICKET_REQUESTER', 'Only the member who opened this ticket can reply to it'));

    it('sends the requester of a closed ticket to the Help centre', () =>
      given([opened(), closed]).when(reply(REQUESTER, false)).thenThrows('conflict', 'TICKET_CLOSED', 'This ticket is closed; please open a new one from the Help centre'));
  });

  it('tells another member only the requester can rate', () =>
    given([opened(), resolved])
      .when({ type: 'RateTicket', raterId: OTHER, satisfied: true })
      .thenThrows('forbidden', 'NOT_TICKET_REQUESTER', 'Only the member who opened this ticket can rate it'));

  describe('after the requester deleted their account', () => {
    it('says the ticket takes no further changes', () => {
      given([opened(), closed, erased])
        .when({ type: 'AssignTicket', assigneeId: STAFF })
        .thenThrows('conflict', 'TICKET_ERASED', "This ticket's requester deleted their account; it takes no further changes");
    });

    it('erases the requester only once, even from a closed ticket', () => given([opened(), closed, erased]).when({ type: 'EraseTicketRequester' }).thenNothing());
  });
});
