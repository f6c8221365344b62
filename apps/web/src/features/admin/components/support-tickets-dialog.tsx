import { TICKET_PRIORITY_VALUES, TICKET_STATUS_VALUES, type AdminTicketDetail, type TicketPriorityValue, type TicketStatusValue, type TicketTimelineEntry } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { i18n } from '../../../i18n/i18n';
import { PRIORITY_LABELS, STATUS_LABELS } from '../../../components/support/ticket-labels';
import { TICKET_PRIORITY_IN_TEXT, TICKET_STATUS_IN_TEXT } from './support-ticket-labels';

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
              <Dialog.Title>
                <Trans>Ticket</Trans>
              </Dialog.Title>
              <LoadingState />
            </>
          ) : ticket.isError ? (
            <>
              <Dialog.Title>
                <Trans>Ticket</Trans>
              </Dialog.Title>
              <ErrorState message={ticket.error.message} onRetry={() => void ticket.refetch()} />
            </>
          ) : (
            <TicketBody ticket={ticket.data} />
          )}
          <div className="actions actions--end">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                <Trans>Close</Trans>
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TicketBody({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useLingui();
  const created = formatDate(ticket.created_at);
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
        {ticket.user_email ? ` · ${ticket.user_email}` : ''} · {t`Created ${created}`}
      </p>
      <div className="ticket-dialog__controls">
        <label className="field">
          <span>
            <Trans>Status</Trans>
          </span>
          <select value={ticket.status} disabled={status.isPending || ticket.erased} onChange={(e) => status.mutate(e.target.value as TicketStatusValue)}>
            {TICKET_STATUS_VALUES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>
            <Trans>Priority</Trans>
          </span>
          <select value={ticket.priority} disabled={priority.isPending || ticket.erased} onChange={(e) => priority.mutate(e.target.value as TicketPriorityValue)}>
            {TICKET_PRIORITY_VALUES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <AssigneeControl ticket={ticket} assign={(id) => assignee.mutate(id)} pending={assignee.isPending} />
        {ticket.satisfied !== null && <p className="ticket-dialog__rating">{ticket.satisfied ? t`Member rating: Satisfied` : t`Member rating: Not satisfied`}</p>}
      </div>
      {failure && (
        <p className="form__error" role="alert">
          {failure.message}
        </p>
      )}
      <h3>
        <Trans>Conversation</Trans>
      </h3>
      <ol className="conversation" aria-label={t`Conversation`}>
        <li className="conversation__message conversation__message--member">
          <p className="conversation__author">
            {ticket.user_name} · <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
          </p>
          <p className="conversation__text">{ticket.description}</p>
        </li>
        {ticket.replies.map((reply) => (
          <li key={reply.id} className={`conversation__message conversation__message--${reply.from_admin ? 'staff' : 'member'}`}>
            <p className="conversation__author">
              {reply.author_name ?? (reply.from_admin ? t`Support team` : ticket.user_name)}
              {reply.from_admin ? ` ${t`(support)`}` : ''} · <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
            </p>
            <p className="conversation__text">{reply.message}</p>
          </li>
        ))}
      </ol>
      {!ticket.erased && <ReplyBox ticketId={ticket.id} />}
      <h3>
        <Trans>Timeline</Trans>
      </h3>
      <ol className="ticket-timeline" aria-label={t`Ticket timeline`}>
        {ticket.timeline.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time> — {describe(entry, entry.actor_name ?? 'Crew Finder', assigneeName)}
          </li>
        ))}
      </ol>
    </>
  );
}

/** "Assign to": the administrators by name (from an admin-only list), with Assign to me and Unassign at hand. */
function AssigneeControl({ ticket, assign, pending }: { ticket: AdminTicketDetail; assign: (assigneeId: string | null) => void; pending: boolean }) {
  const { t } = useLingui();
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
        <span>
          <Trans>Assign to</Trans>
        </span>
        <select value={ticket.assignee_id ?? ''} disabled={disabled} onChange={(e) => assign(e.target.value === '' ? null : e.target.value)}>
          <option value="">{t`Unassigned`}</option>
          {!known && <option value={ticket.assignee_id ?? ''}>{t`A former administrator`}</option>}
          {list.map((a) => {
            const name = a.name;
            return (
              <option key={a.id} value={a.id}>
                {a.id === me ? t`${name} (me)` : name}
              </option>
            );
          })}
        </select>
      </label>
      <div className="actions">
        {me !== null && ticket.assignee_id !== me && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => assign(me)}>
            <Trans>Assign to me</Trans>
          </button>
        )}
        {ticket.assignee_id !== null && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => assign(null)}>
            <Trans>Unassign</Trans>
          </button>
        )}
      </div>
      {assignees.isError && (
        <p className="form__error">
          <Trans>The list of administrators could not be loaded.</Trans>
        </p>
      )}
    </div>
  );
}

const text = (value: string | number | boolean | null | undefined): string => String(value ?? '');

/** A status or priority code inside a sentence, in the screen's language (a code this screen does not know shows as written). */
const statusText = (code: string): string => {
  const name = (TICKET_STATUS_IN_TEXT as Record<string, MessageDescriptor | undefined>)[code];
  return name ? i18n._(name) : code;
};
const priorityText = (code: string): string => {
  const name = (TICKET_PRIORITY_IN_TEXT as Record<string, MessageDescriptor | undefined>)[code];
  return name ? i18n._(name) : code;
};

/** One line of the ticket's history, in words, starting with who did it. */
function describe(entry: TicketTimelineEntry, who: string, nameOf: (userId: string) => string | undefined): string {
  const d = entry.details;
  switch (entry.action) {
    case 'opened': {
      const priority = priorityText(text(d['priority']));
      if (d['source'] === 'review_report') return t`${who} opened the ticket (${priority} priority, from a review report)`;
      if (d['source'] === 'message_report') return t`${who} opened the ticket (${priority} priority, from a message report)`;
      return t`${who} opened the ticket (${priority} priority)`;
    }
    case 'replied':
      return d['from_staff'] ? t`${who} replied as support` : t`${who} replied`;
    case 'status_changed': {
      const from = statusText(text(d['from']));
      const to = statusText(text(d['to']));
      return t`${who} changed the status from ${from} to ${to}`;
    }
    case 'priority_changed': {
      const from = priorityText(text(d['from']));
      const to = priorityText(text(d['to']));
      return t`${who} changed the priority from ${from} to ${to}`;
    }
    case 'assigned': {
      if (!d['assignee_id']) return t`${who} unassigned the ticket`;
      const assignee = nameOf(text(d['assignee_id']));
      return assignee ? t`${who} assigned the ticket to ${assignee}` : t`${who} assigned the ticket`;
    }
    case 'rated':
      return d['satisfied'] ? t`${who} rated it: satisfied` : t`${who} rated it: not satisfied`;
    case 'requester_erased':
      return t`${who} erased the member's text (account deleted)`;
  }
}

function ReplyBox({ ticketId }: { ticketId: string }) {
  const { t } = useLingui();
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
        <span>
          <Trans>Reply to the member</Trans>
        </span>
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
        {send.isPending ? t`Sending…` : t`Send Reply`}
      </button>
    </form>
  );
}
