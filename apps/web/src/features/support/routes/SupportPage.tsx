import type { TicketDetail } from '@crew/contracts';
import { TICKET_REPLY } from '@crew/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate, formatDateTime } from '../../../lib/format';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';
import { myTicketQueryOptions, myTicketsQueryOptions, useRateTicket, useReplyToTicket } from '../../../api/support-tickets';
import { lastReplyText, PRIORITY_LABELS, STATUS_LABELS } from '../../../components/support/ticket-labels';
import '../../../components/support/support.css';

/** /support: the member's tickets with their status, and the conversation of the one chosen. */
export function SupportPage() {
  usePageMeta('My support tickets', 'Your conversations with the Crew Finder support team.');
  const [params, setParams] = useSearchParams();
  const tickets = useQuery(myTicketsQueryOptions());
  const list = tickets.data?.tickets ?? [];
  const selected = params.get('ticket') ?? list[0]?.id ?? null;

  return (
    <div className="page support-page">
      <PageHeader title="My support tickets" lead="Follow your questions to the support team, reply, and tell us how we did." />
      <p>
        <Link to="/help#contact-heading">Contact support</Link> from the Help centre to open a new ticket.
      </p>
      {tickets.isPending ? (
        <LoadingState />
      ) : tickets.isError ? (
        <ErrorState message="Your tickets could not be loaded." onRetry={() => void tickets.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="You have no support tickets">
          <p>
            Questions? Look through the <Link to="/help">Help centre</Link> or contact support from there.
          </p>
        </EmptyState>
      ) : (
        <div className="support-page__layout">
          <ul className="support-list" aria-label="Your tickets">
            {list.map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  className="support-list__item"
                  aria-current={ticket.id === selected ? 'true' : undefined}
                  onClick={() => setParams({ ticket: ticket.id }, { replace: true })}
                >
                  <span className="support-list__title">{ticket.title}</span>
                  <span className={`ticket-badge ticket-badge--${ticket.status}`}>{STATUS_LABELS[ticket.status]}</span>
                  <span className="support-list__meta">
                    Opened {formatDate(ticket.created_at)} · {lastReplyText(ticket.last_reply)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {selected && <TicketConversation ticketId={selected} />}
        </div>
      )}
    </div>
  );
}

function TicketConversation({ ticketId }: { ticketId: string }) {
  const ticket = useQuery(myTicketQueryOptions(ticketId));
  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError) return <ErrorState message="This ticket could not be loaded." onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  return (
    <section className="card support-ticket" aria-labelledby="ticket-title">
      <header className="support-ticket__header">
        <h2 id="ticket-title">{data.title}</h2>
        <p>
          <span className={`ticket-badge ticket-badge--${data.status}`}>Status: {STATUS_LABELS[data.status]}</span>{' '}
          <span className={`ticket-badge ticket-badge--priority-${data.priority}`}>{PRIORITY_LABELS[data.priority]} priority</span>
        </p>
      </header>
      <ol className="conversation" aria-label="Conversation">
        <li className="conversation__message conversation__message--member">
          <p className="conversation__author">
            You · <time dateTime={data.created_at}>{formatDateTime(data.created_at)}</time>
          </p>
          <p className="conversation__text">{data.description}</p>
        </li>
        {data.replies.map((reply) => (
          <li key={reply.id} className={`conversation__message conversation__message--${reply.from_admin ? 'staff' : 'member'}`}>
            <p className="conversation__author">
              {reply.from_admin ? 'Support team' : 'You'} · <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
            </p>
            <p className="conversation__text">{reply.message}</p>
          </li>
        ))}
      </ol>
      {(data.status === 'resolved' || data.status === 'closed') && !data.erased && <RatingBox ticket={data} />}
      {data.status === 'closed' ? (
        <p className="support-ticket__closed">This ticket is closed. Contact support from the Help centre if you need anything else.</p>
      ) : (
        <ReplyBox ticketId={data.id} />
      )}
    </section>
  );
}

function RatingBox({ ticket }: { ticket: TicketDetail }) {
  const rate = useRateTicket(ticket.id);
  return (
    <div className="support-rating" role="group" aria-labelledby="rating-question">
      <p id="rating-question">
        {ticket.satisfied === null
          ? 'Were you satisfied with how we handled this?'
          : ticket.satisfied
            ? 'You told us you were satisfied. Thank you!'
            : 'You told us you were not satisfied. Thank you for telling us.'}
      </p>
      <div className="actions">
        <button type="button" className="button button--secondary" aria-pressed={ticket.satisfied === true} disabled={rate.isPending} onClick={() => rate.mutate(true)}>
          Satisfied
        </button>
        <button type="button" className="button button--secondary" aria-pressed={ticket.satisfied === false} disabled={rate.isPending} onClick={() => rate.mutate(false)}>
          Not satisfied
        </button>
      </div>
      {rate.isError && (
        <p className="form__error" role="alert">
          {rate.error.message}
        </p>
      )}
    </div>
  );
}

function ReplyBox({ ticketId }: { ticketId: string }) {
  const reply = useReplyToTicket(ticketId);
  const form = useContractForm((contracts) => contracts.ticketReplyRequestSchema, { defaultValues: { message: '' } });
  // What the form finds wrong now, else the server's refusal of the last submit.
  const error = messageAt(form.formState.errors, 'message') ?? (reply.isError ? reply.error.message : undefined);
  const send = form.handleSubmit((body) => reply.mutate(body.message, { onSuccess: () => form.reset() }));
  const submit = (event: FormEvent) => {
    reply.reset();
    void send(event);
  };
  return (
    <form className="support-reply" onSubmit={submit} noValidate>
      <label className="field">
        <span>Your reply</span>
        <textarea rows={3} maxLength={TICKET_REPLY.max} {...form.register('message')} aria-invalid={error ? true : undefined} />
      </label>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={reply.isPending}>
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}
