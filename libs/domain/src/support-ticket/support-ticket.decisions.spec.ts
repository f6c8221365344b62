import { DeciderSpecification } from '../testing/decider-specification';
import { openTicket as open, REPLY, REPORT, REQUESTER, REVIEW, STAFF, ticketOpened as opened } from '../testing/support-ticket-fixtures';
import { SupportTicket, type SupportTicketCommand } from './support-ticket.aggregate';
import { supportTicketStreamId, ticketIdOfStream, type SupportTicketEvent } from './support-ticket.events';

const given = DeciderSpecification.for(SupportTicket);
const status = (from: 'open' | 'pending' | 'resolved' | 'closed', to: 'open' | 'pending' | 'resolved' | 'closed'): SupportTicketEvent => ({
  type: 'SupportTicketStatusChanged',
  data: { from, to, by: 'staff' },
});
const reply = (authorId: string, fromStaff: boolean, message = 'Thanks', replyId = REPLY): SupportTicketCommand => ({
  type: 'ReplyToTicket',
  replyId,
  authorId,
  fromStaff,
  message,
});

describe('opening a ticket', () => {
  it('takes titles of 5 to 150 characters and descriptions of 10 to 5,000, once trimmed', () => {
    given()
      .when(open({ title: ` ${'t'.repeat(5)} `, description: 'd'.repeat(10) }))
      .then([opened({ title: 'ttttt', description: 'dddddddddd' })]);
    given()
      .when(open({ title: 't'.repeat(150), description: 'd'.repeat(5_000) }))
      .thenMatches([{ type: 'SupportTicketOpened' }]);
    given()
      .when(open({ title: 't'.repeat(151) }))
      .thenThrows('validation', 'INVALID_TITLE');
    given()
      .when(open({ description: 'd'.repeat(9) }))
      .thenThrows('validation', 'INVALID_DESCRIPTION');
    expect(() =>
      given()
        .when(open({ title: 'Help' }))
        .events(),
    ).toThrow('Title must be at least 5 characters');
  });

  it('is opened by a member for themselves, from the contact form or from a report naming both ids', () => {
    given()
      .when(open({ requesterId: 'someone' }))
      .thenThrows('validation', 'INVALID_REQUESTER');
    given()
      .when(open({ source: 'forum' as 'contact_form' }))
      .thenThrows('validation', 'INVALID_SOURCE');
    given()
      .when(open({ sourceId: REPORT, subjectId: REVIEW }))
      .thenThrows('validation', 'INVALID_SOURCE');
    // The contact form names neither a report nor a subject.
    given()
      .when(open({ subjectId: REVIEW }))
      .thenThrows('validation', 'INVALID_SOURCE', 'names the report and what it reports, and only then');
    given()
      .when(open({ sourceId: REPORT }))
      .thenThrows('validation', 'INVALID_SOURCE');
    given()
      .when(open({ source: 'message_report', sourceId: REPORT }))
      .thenThrows('validation', 'INVALID_SOURCE');
    given()
      .when(open({ source: 'message_report', sourceId: 'r-1', subjectId: REVIEW }))
      .thenThrows('validation', 'INVALID_SOURCE');
    given()
      .when(open({ source: 'message_report', sourceId: REPORT, subjectId: 'm-1' }))
      .thenThrows('validation', 'INVALID_SOURCE');
    given()
      .when(open({ source: 'message_report', sourceId: REPORT, subjectId: REVIEW }))
      .then([opened({ source: 'message_report', sourceId: REPORT, subjectId: REVIEW })]);
  });

  it('opens once: a retried report changes nothing, another report or the contact form is refused', () => {
    const fromReport = [opened({ source: 'review_report', sourceId: REPORT, subjectId: REVIEW })];
    given(fromReport)
      .when(open({ source: 'message_report', sourceId: REPORT, subjectId: REVIEW }))
      .thenThrows('conflict', 'TICKET_EXISTS');
    given([opened()]).when(open()).thenThrows('conflict', 'TICKET_EXISTS');
  });
});

describe('working on a ticket', () => {
  it('names a reply and its author by their ids, and says a blank reply cannot be sent', () => {
    given([opened()])
      .when(reply(STAFF, true, 'Hi', 'r-1'))
      .thenThrows('validation', 'INVALID_REPLY');
    given([opened()]).when(reply('staff', true)).thenThrows('validation', 'INVALID_REPLY');
    expect(() =>
      given([opened()])
        .when(reply(STAFF, true, ' '))
        .events(),
    ).toThrow('Message cannot be blank');
    given([opened()])
      .when(reply(STAFF, true, 'x'))
      .then([{ type: 'SupportTicketReplied', data: { replyId: REPLY, authorId: STAFF, fromStaff: true, message: 'x' } }]);
  });

  it('leaves a resolved ticket resolved when staff reply', () => {
    given([opened(), status('open', 'resolved')])
      .when(reply(STAFF, true))
      .thenMatches([{ type: 'SupportTicketReplied' }]);
  });

  it('refuses unknown priorities, assignees that are no user, and a rating that is no verdict', () => {
    given([opened()])
      .when({ type: 'ChangeTicketPriority', to: 'critical' as 'urgent' })
      .thenThrows('validation', 'INVALID_PRIORITY');
    given([opened()]).when({ type: 'AssignTicket', assigneeId: 'staff' }).thenThrows('validation', 'INVALID_ASSIGNEE');
    given([opened(), status('open', 'closed')])
      .when({ type: 'RateTicket', raterId: REQUESTER, satisfied: 'yes' as unknown as boolean })
      .thenThrows('validation', 'INVALID_RATING');
    given([opened(), status('open', 'closed')])
      .when({ type: 'RateTicket', raterId: REQUESTER, satisfied: true })
      .then([{ type: 'SupportTicketRated', data: { satisfied: true } }]);
    given([opened(), status('open', 'pending')])
      .when({ type: 'RateTicket', raterId: REQUESTER, satisfied: true })
      .thenThrows('conflict', 'TICKET_NOT_RESOLVED');
  });

  it('takes no command on a ticket never opened', () => {
    given().when({ type: 'ChangeTicketPriority', to: 'high' }).thenThrows('not_found', 'TICKET_NOT_FOUND');
    given().when({ type: 'AssignTicket', assigneeId: null }).thenThrows('not_found', 'TICKET_NOT_FOUND');
    given().when({ type: 'RateTicket', raterId: REQUESTER, satisfied: true }).thenThrows('not_found', 'TICKET_NOT_FOUND');
    given().when({ type: 'ChangeTicketStatus', to: 'closed' }).thenThrows('not_found', 'TICKET_NOT_FOUND');
  });
});

describe('ticket streams', () => {
  it('are named by the ticket id, and give it back', () => {
    expect(supportTicketStreamId('t-1')).toBe('support-ticket-t-1');
    expect(ticketIdOfStream(supportTicketStreamId('t-1'))).toBe('t-1');
    expect(SupportTicket.isEvent({ type: 'SupportTicketRated', data: {} })).toBe(true);
    expect(SupportTicket.isEvent({ type: 'VoyagePublished', data: {} })).toBe(false);
  });
});
