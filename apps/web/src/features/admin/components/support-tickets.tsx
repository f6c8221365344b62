import { ADMIN_TICKETS_PAGE_SIZE, TICKET_PRIORITY_VALUES, TICKET_STATUS_VALUES, type TicketPriorityValue, type TicketStatusValue, type TicketSummary } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminTicketsQueryOptions, type TicketFilters } from '../../../api/admin-support-tickets';
import { Pager } from '../../../components/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate } from '../../../lib/format';
import { lastReplyText, PRIORITY_LABELS, STATUS_LABELS } from '../../../components/support/ticket-labels';
import { TicketDialog } from './support-tickets-dialog';
import { useDebounced } from './users-debounce';

/** The Support Tickets tab: status and priority filters, text search, ticket cards, and the ticket modal. */
export function SupportTicketsTab() {
  const { t } = useLingui();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [filters, setFilters] = useState<TicketFilters>({ status: '', priority: '', search: '', page: 1 });
  useEffect(() => setFilters((current) => (current.search === search ? current : { ...current, search, page: 1 })), [search]);
  const tickets = useQuery(adminTicketsQueryOptions(filters));
  const [openId, setOpenId] = useState<string | null>(null);
  const data = tickets.data;
  // Past a capped total the pager offers one page more at a time.
  const total = data?.total ?? 0;
  const pages = data ? Math.ceil(data.total / ADMIN_TICKETS_PAGE_SIZE) + (data.total_capped ? filters.page : 0) : 0;

  return (
    <div className="support-tickets">
      <div className="support-tickets__filters" role="search">
        <label className="field">
          <span>
            <Trans>Search tickets</Trans>
          </span>
          <input type="search" placeholder={t`Title, description, member name or email`} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </label>
        <label className="field">
          <span>
            <Trans>Status</Trans>
          </span>
          <select value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as TicketStatusValue | '', page: 1 })}>
            <option value="">{t`All statuses`}</option>
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
          <select value={filters.priority} onChange={(e) => setFilters({ ...filters, priority: e.target.value as TicketPriorityValue | '', page: 1 })}>
            <option value="">{t`All priorities`}</option>
            {TICKET_PRIORITY_VALUES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {tickets.isPending ? (
        <LoadingState label={t`Loading tickets…`} />
      ) : tickets.isError ? (
        <ErrorState message={tickets.error.message || t`Failed to load tickets`} onRetry={() => void tickets.refetch()} />
      ) : data && data.tickets.length === 0 ? (
        <EmptyState title={t`No tickets match your current filters.`} />
      ) : (
        <>
          <p className="support-tickets__count" role="status">
            {data?.total_capped ? t`${plural(total, { one: '#+ ticket', other: '#+ tickets' })}` : t`${plural(total, { one: '# ticket', other: '# tickets' })}`}
          </p>
          <ul className="support-tickets__list">
            {data?.tickets.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} onOpen={() => setOpenId(ticket.id)} />
              </li>
            ))}
          </ul>
          {pages > 1 && <Pager page={filters.page} pages={pages} onPage={(page) => setFilters({ ...filters, page })} />}
        </>
      )}
      {openId && <TicketDialog ticketId={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function TicketCard({ ticket, onOpen }: { ticket: TicketSummary; onOpen: () => void }) {
  const { t } = useLingui();
  const created = formatDate(ticket.created_at);
  return (
    <article className="card ticket-card" aria-labelledby={`ticket-${ticket.id}`}>
      <div className="ticket-card__badges">
        <span className={`ticket-badge ticket-badge--priority-${ticket.priority}`}>{PRIORITY_LABELS[ticket.priority]}</span>
        <span className={`ticket-badge ticket-badge--${ticket.status}`}>{STATUS_LABELS[ticket.status]}</span>
        {ticket.source !== 'contact_form' && <span className="ticket-badge">{ticket.source === 'review_report' ? t`Review report` : t`Message report`}</span>}
      </div>
      <h2 id={`ticket-${ticket.id}`} className="ticket-card__title">
        <button type="button" className="link-button" onClick={onOpen}>
          {ticket.title}
        </button>
      </h2>
      <p className="ticket-card__description">{ticket.description}</p>
      <p className="ticket-card__meta">
        <span>{ticket.user_name}</span>
        {ticket.user_email && <span> · {ticket.user_email}</span>}
        <span> · {t`Created ${created}`}</span>
        <span> · {lastReplyText(ticket.last_reply)}</span>
      </p>
    </article>
  );
}
