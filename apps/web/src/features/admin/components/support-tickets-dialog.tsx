import { TICKET_PRIORITY_VALUES, TICKET_STATUS_VALUES, type AdminTicketDetail, type TicketPriorityValue, type TicketStatusValue, type TicketTimelineEntry } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import {
  adminTicketQueryOptions,
  supportAssigneesQueryOptions,
  useSendTicketReply,
  useSetTicketAssignee,
  useSetTicketPriority,
  useSetTicketStatus,
} from '../../../api/admin-support-tickets';
import { PRIORITY_LABELS, STATUS_LABELS } from '../../../components/support/ticket-labels';

/** The ticket modal: status selector (saved at once, any status to any other), priority, Assign to, conversation, Send Reply, and the ticket's timeline. */
export function TicketDialog({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const ticket = useQuery(adminTicketQueryOptions(ticketId));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog ticket-dialog" aria-describedby={undefined}>
          {ticket.isPending ? (
            <>
              <Dialog.Title>Ticket</Dialog.Title>
              <LoadingState />
            </>
          ) : ticket.isError ? (
            <>
              <Dialog.Title>Ticket</Dialog.Title>
              <ErrorState message={ticket.error.message} onRetry={() => void ticket.refetch()} />
            </>
          ) : (
            <TicketBody ticket={ticket.data} />
          )}
          <div className="actions actions--end">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TicketBody({ ticket }: { ticket: AdminTicketDetail }) {
  const status = useSetTicketStatus(ticket.id);
  const priority = useSetTicketPriority(ticket.id);
  const assignee = useSetTicketAssignee(ticket.id);
  const failure = status.error ?? priority.error ?? assignee.error;
  const administrators = useQuery(supportAssigneesQueryOptions()).data?.assignees;
  const assigneeName = (userId: string): string | undefined => administrators?.find((a) => a.id === userId)?.name;
  return (
    <>
      <Dialog.Title>{ticket.title}</Dialog.Title>
      <p className="ticket-dialog__who">
        {ticket.user_name}
        {ticket.user_email ? ` · ${ticket.user_email}` : ''} · Created {formatDate(ticket.created_at)}
      </p>
      <div className="ticket-dialog__controls">
        <label className="field">
          <span>Status</span>
          <select value={ticket.status} disabled={status.isPending || ticket.erased} onChange={(e) => status.mutate(e.target.value as TicketStatusValue)}>
            {TICKET_STATUS_VALUES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Priority</span>
          <select value={ticket.priority} disabled={priority.isPending || ticket.erased} onChange={(e) => priority.mutate(e.target.value as TicketPriorityValue)}>
            {TICKET_PRIORITY_VALUES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <AssigneeControl ticket={ticket} assign={(id) => assignee.mutate(id)} pending={assignee.isPending} />
        {ticket.satisfied !== null && <p className="ticket-dialog__rating">Member rating: {ticket.satisfied ? 'Satisfied' : 'Not satisfied'}</p>}
      </div>
      {failure && (
        <p className="form__error" role="alert">
          {failure.message}
        </p>
      )}
      <h3>Conversation</h3>
      <ol className="conversation" aria-label="Conversation">
        <li className="conversation__message conversation__message--member">
          <p className="conversation__author">
            {ticket.user_name} · <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
          </p>
          <p className="conversation__text">{ticket.description}</p>
        </li>
        {ticket.replies.map((reply) => (
          <li key={reply.id} className={`conversation__message conversation__message--${reply.from_admin ? 'staff' : 'member'}`}>
            <p className="conversation__author">
              {reply.author_name ?? (reply.from_admin ? 'Support team' : ticket.user_name)}
              {reply.from_admin ? ' (support)' : ''} · <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
            </p>
            <p className="conversation__text">{reply.message}</p>
          </li>
        ))}
      </ol>
      {!ticket.erased && <ReplyBox ticketId={ticket.id} />}
      <h3>Timeline</h3>
      <ol className="ticket-timeline" aria-label="Ticket timeline">
        {ticket.timeline.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time> — {entry.actor_name ?? 'Crew Finder'} {describe(entry, assigneeName)}
          </li>
        ))}
      </ol>
    </>
  );
}

/** "Assign to": the administrators by name (from an admin-only list), with Assign to me and Unassign at hand. */
function AssigneeControl({ ticket, assign, pending }: { ticket: AdminTicketDetail; assign: (assigneeId: string | null) => void; pending: boolean }) {
  const { user } = useSession();
  const assignees = useQuery(supportAssigneesQueryOptions());
  const list = assignees.data?.assignees ?? [];
  const me = user?.id ?? null;
  const disabled = pending || ticket.erased || assignees.isPending;
  // An assignee who is no longer an administrator (or whose account is gone) still shows as the current value.
  const known = ticket.assignee_id === null || list.some((a) => a.id === ticket.assignee_id);
  return (
    <div className="ticket-dialog__assignee">
      <label className="field">
        <span>Assign to</span>
        <select value={ticket.assignee_id ?? ''} disabled={disabled} onChange={(e) => assign(e.target.value === '' ? null : e.target.value)}>
          <option value="">Unassigned</option>
          {!known && <option value={ticket.assignee_id ?? ''}>A former administrator</option>}
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {a.id === me ? `${a.name} (me)` : a.name}
            </option>
          ))}
        </select>
      </label>
      <div className="actions">
        {me !== null && ticket.assignee_id !== me && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => assign(me)}>
            Assign to me
          </button>
        )}
        {ticket.assignee_id !== null && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => assign(null)}>
            Unassign
          </button>
        )}
      </div>
      {assignees.isError && <p className="form__error">The list of administrators could not be loaded.</p>}
    </div>
  );
}

const text = (value: string | number | boolean | null | undefined): string => String(value ?? '');

/** One line of the ticket's history, in words. */
function describe(entry: TicketTimelineEntry, nameOf: (userId: string) => string | undefined): string {
  const d = entry.details;
  switch (entry.action) {
    case 'opened':
      return `opened the ticket (${text(d['priority'])} priority${d['source'] === 'contact_form' ? '' : `, from a ${text(d['source']).replace('_', ' ')}`})`;
    case 'replied':
      return d['from_staff'] ? 'replied as support' : 'replied';
    case 'status_changed':
      return `changed the status from ${text(d['from'])} to ${text(d['to'])}`;
    case 'priority_changed':
      return `changed the priority from ${text(d['from'])} to ${text(d['to'])}`;
    case 'assigned':
      return d['assignee_id'] ? (nameOf(text(d['assignee_id'])) ? `assigned the ticket to ${nameOf(text(d['assignee_id']))}` : 'assigned the ticket') : 'unassigned the ticket';
    case 'rated':
      return d['satisfied'] ? 'rated it: satisfied' : 'rated it: not satisfied';
    case 'requester_erased':
      return "erased the member's text (account deleted)";
  }
}

function ReplyBox({ ticketId }: { ticketId: string }) {
  const send = useSendTicketReply(ticketId);
  // A support reply must be non-blank after trimming (and within the contract's length).
  const form = useContractForm((contracts) => contracts.ticketReplyRequestSchema, { defaultValues: { message: '' } });
  const problem = messageAt(form.formState.errors, 'message');
  const blank = form.watch('message').trim() === '';
  const submit = form.handleSubmit(({ message }) =>
    send.mutate(message, {
      // The box is empty again on purpose: back to untouched, not "Please write a message".
      onSuccess: () => form.reset({ message: '' }),
    }),
  );
  return (
    <form
      className="support-reply"
      onSubmit={(event) => {
        // The server's answer is about the last send, not about what is typed now.
        send.reset();
        void submit(event);
      }}
      noValidate
    >
      <label className="field">
        <span>Reply to the member</span>
        <textarea rows={3} {...form.register('message')} aria-invalid={problem ? true : undefined} />
      </label>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {send.isError && (
        <p className="form__error" role="alert">
          {send.error.message}
        </p>
      )}
      <button type="submit" className="button" disabled={send.isPending || blank}>
        {send.isPending ? 'Sending…' : 'Send Reply'}
      </button>
    </form>
  );
}
