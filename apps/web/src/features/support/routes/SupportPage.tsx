import type { TicketDetail, TicketPriorityValue } from '@crew/contracts';
import { TICKET_REPLY } from '@crew/contracts/constants';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate, formatDateTime } from '../../../lib/format';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';
import { myTicketQueryOptions, myTicketsQueryOptions, useRateTicket, useReplyToTicket } from '../../../api/support-tickets';
import { lastReplyText, STATUS_LABELS } from '../../../components/support/ticket-labels';
import '../../../components/support/support.css';

/** A ticket's priority as its badge reads ("High priority"). */
const PRIORITY_BADGES = {
  low: msg`Low priority`,
  medium: msg`Medium priority`,
  high: msg`High priority`,
  urgent: msg`Urgent priority`,
} as const satisfies Record<TicketPriorityValue, unknown>;

/** /support: the member's tickets with their status, and the conversation of the one chosen. */
export function SupportPage() {
  const { t } = useLingui();
  usePageMeta(t`My support tickets`, t`Your conversations with the Crew Finder support team.`);
  const [params, setParams] = useSearchParams();
  const tickets = useQuery(myTicketsQueryOptions());
  const list = tickets.data?.tickets ?? [];
  const selected = params.get('ticket') ?? list[0]?.id ?? null;

  return (
    <div className="page support-page">
      <PageHeader title={t`My support tickets`} lead={t`Follow your questions to the support team, reply, and tell us how we did.`} />
      <p>
        <Trans>
          <Link to="/help#contact-heading">Contact support</Link> from the Help centre to open a new ticket.
        </Trans>
      </p>
      {tickets.isPending ? (
        <LoadingState />
      ) : tickets.isError ? (
        <ErrorState message={t`Your tickets could not be loaded.`} onRetry={() => void tickets.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t`You have no support tickets`}>
          <p>
            <Trans>
              Questions? Look through the <Link to="/help">Help centre</Link> or contact support from there.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        <div className="support-page__layout">
          <ul className="support-list" aria-label={t`Your tickets`}>
            {list.map((ticket) => {
              const opened = formatDate(ticket.created_at);
              const lastReply = lastReplyText(ticket.last_reply);
              return (
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
                      <Trans>
                        Opened {opened} · {lastReply}
                      </Trans>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {selected && <TicketConversation ticketId={selected} />}
        </div>
      )}
    </div>
  );
}

function TicketConversation({ ticketId }: { ticketId: string }) {
  const { t } = useLingui();
  const ticket = useQuery(myTicketQueryOptions(ticketId));
  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError) return <ErrorState message={t`This ticket could not be loaded.`} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  const status = STATUS_LABELS[data.status];
  return (
    <section className="card support-ticket" aria-labelledby="ticket-title">
      <header className="support-ticket__header">
        <h2 id="ticket-title">{data.title}</h2>
        <p>
          <span className={`ticket-badge ticket-badge--${data.status}`}>
            <Trans>Status: {status}</Trans>
          </span>{' '}
          <span className={`ticket-badge ticket-badge--priority-${data.priority}`}>{t(PRIORITY_BADGES[data.priority])}</span>
        </p>
      </header>
      <ol className="conversation" aria-label={t`Conversation`}>
        <li className="conversation__message conversation__message--member">
          <p className="conversation__author">
            <Trans>You</Trans> · <time dateTime={data.created_at}>{formatDateTime(data.created_at)}</time>
          </p>
          <p className="conversation__text">{data.description}</p>
        </li>
        {data.replies.map((reply) => (
          <li key={reply.id} className={`conversation__message conversation__message--${reply.from_admin ? 'staff' : 'member'}`}>
            <p className="conversation__author">
              {reply.from_admin ? t`Support team` : t`You`} · <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
            </p>
            <p className="conversation__text">{reply.message}</p>
          </li>
        ))}
      </ol>
      {(data.status === 'resolved' || data.status === 'closed') && !data.erased && <RatingBox ticket={data} />}
      {data.status === 'closed' ? (
        <p className="support-ticket__closed">
          <Trans>This ticket is closed. Contact support from the Help centre if you need anything else.</Trans>
        </p>
      ) : (
        <ReplyBox ticketId={data.id} />
      )}
    </section>
  );
}

function RatingBox({ ticket }: { ticket: TicketDetail }) {
  const { t } = useLingui();
  const rate = useRateTicket(ticket.id);
  return (
    <div className="support-rating" role="group" aria-labelledby="rating-question">
      <p id="rating-question">
        {ticket.satisfied === null
          ? t`Were you satisfied with how we handled this?`
          : ticket.satisfied
            ? t`You told us you were satisfied. Thank you!`
            : t`You told us you were not satisfied. Thank you for telling us.`}
      </p>
      <div className="actions">
        <button type="button" className="button button--secondary" aria-pressed={ticket.satisfied === true} disabled={rate.isPending} onClick={() => rate.mutate(true)}>
          <Trans>Satisfied</Trans>
        </button>
        <button type="button" className="button button--secondary" aria-pressed={ticket.satisfied === false} disabled={rate.isPending} onClick={() => rate.mutate(false)}>
          <Trans>Not satisfied</Trans>
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
  const { t } = useLingui();
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
        <span>
          <Trans>Your reply</Trans>
        </span>
        <textarea rows={3} maxLength={TICKET_REPLY.max} {...form.register('message')} aria-invalid={error ? true : undefined} />
      </label>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={reply.isPending}>
        {reply.isPending ? t`Sending…` : t`Send reply`}
      </button>
    </form>
  );
}
