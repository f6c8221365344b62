import { TICKET_MESSAGES, TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES, TICKET_TEXT_LIMITS } from '@crew/rules';
import type { Aggregate } from '../shared/aggregate';
import { reject } from '../shared/result';
import { checkText, isOneOf, isUuid } from '../shared/values';
import { isSupportTicketEvent, SUPPORT_TICKET_STREAM_PREFIX, type SupportTicketEvent, type TicketPriority, type TicketSource, type TicketStatus } from './support-ticket.events';
import { supportTicketPersonalData } from './support-ticket.personal-data';

export interface SupportTicketState {
  readonly opened: boolean;
  readonly requesterId: string | null;
  readonly status: TicketStatus;
  readonly priority: TicketPriority;
  readonly assigneeId: string | null;
  readonly source: TicketSource | null;
  readonly sourceId: string | null;
  /** The requester's latest rating (null: not rated). */
  readonly satisfied: boolean | null;
  readonly replies: number;
  readonly erased: boolean;
}

export type SupportTicketCommand =
  | {
      readonly type: 'OpenTicket';
      readonly requesterId: string;
      readonly title: string;
      readonly description: string;
      readonly priority: TicketPriority;
      readonly source: TicketSource;
      readonly sourceId: string | null;
      readonly subjectId: string | null;
    }
  | { readonly type: 'ReplyToTicket'; readonly replyId: string; readonly authorId: string; readonly fromStaff: boolean; readonly message: string }
  | { readonly type: 'ChangeTicketStatus'; readonly to: TicketStatus }
  | { readonly type: 'ChangeTicketPriority'; readonly to: TicketPriority }
  | { readonly type: 'AssignTicket'; readonly assigneeId: string | null }
  | { readonly type: 'RateTicket'; readonly raterId: string; readonly satisfied: boolean }
  | { readonly type: 'EraseTicketRequester' };

export const initialSupportTicketState = (): SupportTicketState => ({
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

export function evolveSupportTicket(state: SupportTicketState, event: SupportTicketEvent): SupportTicketState {
  switch (event.type) {
    case 'SupportTicketOpened':
      return {
        ...state,
        opened: true,
        requesterId: event.data.requesterId,
        status: 'open',
        priority: event.data.priority,
        source: event.data.source,
        sourceId: event.data.sourceId,
      };
    case 'SupportTicketReplied':
      return { ...state, replies: state.replies + 1 };
    case 'SupportTicketStatusChanged':
      return { ...state, status: event.data.to };
    case 'SupportTicketPriorityChanged':
      return { ...state, priority: event.data.to };
    case 'SupportTicketAssigned':
      return { ...state, assigneeId: event.data.assigneeId };
    case 'SupportTicketRated':
      return { ...state, satisfied: event.data.satisfied };
    case 'SupportTicketRequesterErased':
      return { ...state, erased: true };
  }
}

/** Trimmed text within its limits and free of characters a read model cannot hold. */
function ticketText(value: string, label: string, limits: { readonly min: number; readonly max: number }, code: string): string {
  const text = checkText(typeof value === 'string' ? value.trim() : value, label, limits.max, code);
  if (text.length < limits.min) {
    if (limits.min === 1) reject('validation', code, '{label} cannot be blank', { label });
    reject('validation', code, '{label} must be at least {min} characters', { label, min: limits.min });
  }
  return text;
}

const mustExist = (state: SupportTicketState): void => {
  if (!state.opened) reject('not_found', 'TICKET_NOT_FOUND', 'Ticket not found');
  if (state.erased) reject('conflict', 'TICKET_ERASED', "This ticket's requester deleted their account; it takes no further changes");
};

export function decideSupportTicket(command: SupportTicketCommand, state: SupportTicketState, _now: Date): SupportTicketEvent[] {
  switch (command.type) {
    case 'OpenTicket': {
      if (state.opened) {
        // A report opens its ticket once, however often the opening is retried.
        if (command.sourceId !== null && state.sourceId === command.sourceId && state.source === command.source) return [];
        reject('conflict', 'TICKET_EXISTS', 'This ticket has already been opened');
      }
      if (!isUuid(command.requesterId)) reject('validation', 'INVALID_REQUESTER', 'The requester is not a user id');
      if (!isOneOf(TICKET_PRIORITIES, command.priority)) reject('validation', 'INVALID_PRIORITY', TICKET_MESSAGES.priorityInvalid);
      if (!isOneOf(TICKET_SOURCES, command.source)) reject('validation', 'INVALID_SOURCE', 'Unknown ticket source');
      const fromReport = command.source !== 'contact_form';
      const namesReport = command.sourceId !== null && command.subjectId !== null;
      const namesNothing = command.sourceId === null && command.subjectId === null;
      if (fromReport ? !namesReport : !namesNothing) {
        reject('validation', 'INVALID_SOURCE', 'A ticket opened from a report names the report and what it reports, and only then');
      }
      if ((command.sourceId !== null && !isUuid(command.sourceId)) || (command.subjectId !== null && !isUuid(command.subjectId))) {
        reject('validation', 'INVALID_SOURCE', 'A report and its subject are named by their ids');
      }
      return [
        {
          type: 'SupportTicketOpened',
          data: {
            requesterId: command.requesterId,
            title: ticketText(command.title, 'Title', TICKET_TEXT_LIMITS.title, 'INVALID_TITLE'),
            description: ticketText(command.description, 'Description', TICKET_TEXT_LIMITS.description, 'INVALID_DESCRIPTION'),
            priority: command.priority,
            source: command.source,
            sourceId: command.sourceId,
            subjectId: command.subjectId,
          },
        },
      ];
    }
    case 'ReplyToTicket': {
      mustExist(state);
      if (!isUuid(command.replyId) || !isUuid(command.authorId)) reject('validation', 'INVALID_REPLY', 'A reply and its author are named by their ids');
      if (!command.fromStaff && command.authorId !== state.requesterId) reject('forbidden', 'NOT_TICKET_REQUESTER', 'Only the member who opened this ticket can reply to it');
      const message = ticketText(command.message, 'Message', TICKET_TEXT_LIMITS.reply, 'INVALID_MESSAGE');
      if (!command.fromStaff && state.status === 'closed') reject('conflict', 'TICKET_CLOSED', 'This ticket is closed; please open a new one from the Help centre');
      const replied: SupportTicketEvent = { type: 'SupportTicketReplied', data: { replyId: command.replyId, authorId: command.authorId, fromStaff: command.fromStaff, message } };
      // The requester answering a resolved ticket (or one waiting for them) puts it back in the queue.
      if (!command.fromStaff && (state.status === 'resolved' || state.status === 'pending')) {
        return [replied, { type: 'SupportTicketStatusChanged', data: { from: state.status, to: 'open', by: 'requester' } }];
      }
      return [replied];
    }
    case 'ChangeTicketStatus':
      mustExist(state);
      if (!isOneOf(TICKET_STATUSES, command.to)) reject('validation', 'INVALID_STATUS', TICKET_MESSAGES.statusInvalid);
      if (command.to === state.status) return [];
      return [{ type: 'SupportTicketStatusChanged', data: { from: state.status, to: command.to, by: 'staff' } }];
    case 'ChangeTicketPriority':
      mustExist(state);
      if (!isOneOf(TICKET_PRIORITIES, command.to)) reject('validation', 'INVALID_PRIORITY', TICKET_MESSAGES.priorityInvalid);
      if (command.to === state.priority) return [];
      return [{ type: 'SupportTicketPriorityChanged', data: { from: state.priority, to: command.to } }];
    case 'AssignTicket':
      mustExist(state);
      if (command.assigneeId !== null && !isUuid(command.assigneeId)) reject('validation', 'INVALID_ASSIGNEE', 'The assignee is not a user id');
      if (command.assigneeId === state.assigneeId) return [];
      return [{ type: 'SupportTicketAssigned', data: { assigneeId: command.assigneeId, previousAssigneeId: state.assigneeId } }];
    case 'RateTicket':
      mustExist(state);
      if (command.raterId !== state.requesterId) reject('forbidden', 'NOT_TICKET_REQUESTER', 'Only the member who opened this ticket can rate it');
      if (state.status !== 'resolved' && state.status !== 'closed') reject('conflict', 'TICKET_NOT_RESOLVED', 'A ticket can be rated once it is resolved');
      if (typeof command.satisfied !== 'boolean') reject('validation', 'INVALID_RATING', 'Say whether you are satisfied');
      if (command.satisfied === state.satisfied) return [];
      return [{ type: 'SupportTicketRated', data: { satisfied: command.satisfied } }];
    case 'EraseTicketRequester': {
      if (!state.opened || state.erased || state.requesterId === null) return [];
      const erased: SupportTicketEvent = { type: 'SupportTicketRequesterErased', data: { requesterId: state.requesterId } };
      return state.status === 'closed' ? [erased] : [{ type: 'SupportTicketStatusChanged', data: { from: state.status, to: 'closed', by: 'system' } }, erased];
    }
  }
}

export const SupportTicket: Aggregate<SupportTicketState, SupportTicketCommand, SupportTicketEvent> = {
  streamPrefix: SUPPORT_TICKET_STREAM_PREFIX,
  initialState: initialSupportTicketState,
  evolve: evolveSupportTicket,
  decide: decideSupportTicket,
  isEvent: isSupportTicketEvent,
  stateVersion: 1,
  personalData: supportTicketPersonalData,
};
