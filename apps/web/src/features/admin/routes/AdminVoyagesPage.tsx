import { ADMIN_VOYAGES_PAGE_SIZE, type AdminVoyage } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminVoyagesQueryOptions, fetchVoyagesForExport, voyageAnalyticsQueryOptions, type VoyagesFilters } from '../../../api/admin-voyages';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate, formatDuration, initials } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import '../components/users-admin.css';
import { useDebounced } from '../components/users-debounce';
import { Pager } from '../../../components/ui/Pager';
import { csvFileName, downloadCsv, voyagesCsv } from '../components/voyages-csv';
import { crewLabel, formatCost, VoyageActionDialog, VoyageContactDialog, VoyageDetailDialog, type VoyageDialogKind } from '../components/voyages-dialogs';
import { FigureTerm } from '../components/figure-term';

/** Descriptions are truncated at 50 characters. */
const truncate = (text: string, max = 50): string => (text.length > max ? `${text.slice(0, max)}…` : text);

export function AdminVoyagesPage() {
  usePageMeta('Voyage Oversight', 'Voyage Oversight for administrators.');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [filters, setFilters] = useState<VoyagesFilters>({ search: '', status: '', date: '', flagged: '', page: 1 });
  useEffect(() => setFilters((current) => (current.search === search ? current : { ...current, search, page: 1 })), [search]);
  const voyages = useQuery(adminVoyagesQueryOptions(filters));
  const analytics = useQuery(voyageAnalyticsQueryOptions());
  const [open, setOpen] = useState<{ kind: VoyageDialogKind; voyage: AdminVoyage } | null>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const done = (text: string, ok: boolean) => setNotice({ text, ok });
  const data = voyages.data;
  const pages = data ? Math.ceil(data.total / ADMIN_VOYAGES_PAGE_SIZE) : 0;
  const stats = analytics.data;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { search: text, status, date, flagged } = filters;
      const all = await fetchVoyagesForExport({ search: text, status, date, flagged });
      downloadCsv(voyagesCsv(all.voyages), csvFileName());
      done(`Exported ${all.voyages.length} ${all.voyages.length === 1 ? 'voyage' : 'voyages'}`, true);
    } catch {
      done('Failed to export voyages', false);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="users-admin">
      <PageHeader title="Voyage Oversight" lead="Search, review, suspend and remove voyages." />
      {stats && (
        <dl className="users-stats">
          <div>
            <dt>Total voyages</dt>
            <dd>
              {stats.total_voyages}
              <small>+{stats.new_this_month} this month</small>
            </dd>
          </div>
          <div>
            <dt>Active voyages</dt>
            <dd>
              {stats.active_voyages}
              <small>{stats.departure_soon} departing soon</small>
            </dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd>
              {stats.completed_voyages}
              <small>
                {stats.completion_rate}% <FigureTerm figure="completion_rate">completion rate</FigureTerm>
              </small>
            </dd>
          </div>
          <div>
            <dt>Total applications</dt>
            <dd>
              {stats.total_applications}
              <small>{stats.pending_applications} pending</small>
            </dd>
          </div>
        </dl>
      )}
      <div className="users-toolbar">
        <div className="field users-toolbar__search">
          <label htmlFor="voyages-search">Search voyages</label>
          <input id="voyages-search" type="search" placeholder="Title, description, port, skipper or id" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="voyages-status">Status</label>
          <select id="voyages-status" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as VoyagesFilters['status'], page: 1 })}>
            <option value="">All statuses</option>
            <option value="DRAFT">Draft</option>
            <option value="ACTIVE">Active</option>
            <option value="IN_PROGRESS">In progress</option>
            <option value="COMPLETED">Completed</option>
            <option value="CANCELLED">Cancelled</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="voyages-date">Dates</label>
          <select id="voyages-date" value={filters.date} onChange={(e) => setFilters({ ...filters, date: e.target.value as VoyagesFilters['date'], page: 1 })}>
            <option value="">Any date</option>
            <option value="upcoming">Upcoming (next 30 days)</option>
            <option value="this_month">This month</option>
            <option value="recent">Recent (last 30 days)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="voyages-moderation">Moderation</label>
          <select id="voyages-moderation" value={filters.flagged} onChange={(e) => setFilters({ ...filters, flagged: e.target.value as VoyagesFilters['flagged'], page: 1 })}>
            <option value="">All voyages</option>
            <option value="true">Flagged for review</option>
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void voyages.refetch();
            void analytics.refetch();
          }}
        >
          Refresh
        </button>
        <button type="button" className="button button--primary" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {notice && (
        <p className={`users-notice${notice.ok ? '' : ' users-notice--error'}`} role="status">
          {notice.text}
        </p>
      )}
      {voyages.isPending ? (
        <LoadingState label="Loading voyages…" />
      ) : voyages.isError ? (
        <ErrorState message={voyages.error.message || 'Failed to load voyages'} onRetry={() => void voyages.refetch()} />
      ) : !data || data.voyages.length === 0 ? (
        <EmptyState title="No voyages match your filters." />
      ) : (
        <>
          <p className="users-muted" aria-live="polite">
            {data.total} {data.total === 1 ? 'voyage' : 'voyages'} found
          </p>
          <div className="users-table-wrap">
            <table className="users-table">
              <caption className="visually-hidden">Voyages</caption>
              <thead>
                <tr>
                  <th scope="col">Voyage</th>
                  <th scope="col">Route</th>
                  <th scope="col">Skipper</th>
                  <th scope="col">Status</th>
                  <th scope="col">Dates</th>
                  <th scope="col">Crew</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.voyages.map((voyage) => (
                  <tr key={voyage.id}>
                    <td>
                      <div>{voyage.title}</div>
                      <div className="users-muted">{voyage.id}</div>
                      {voyage.description && <div className="users-muted">{truncate(voyage.description)}</div>}
                    </td>
                    <td>
                      {voyage.departure_port ?? '?'} → {voyage.arrival_port ?? '?'}
                      {voyage.segments.length > 1 && <div className="users-muted">{voyage.segments.length} segments</div>}
                    </td>
                    <td>
                      {voyage.skipper ? (
                        <div className="users-table__who">
                          {voyage.skipper.profile_photo_url ? (
                            <img src={voyage.skipper.profile_photo_url} alt="" />
                          ) : (
                            <span className="avatar" aria-hidden="true">
                              {initials(voyage.skipper.first_name, voyage.skipper.last_name)}
                            </span>
                          )}
                          <div>
                            <div>
                              {voyage.skipper.first_name} {voyage.skipper.last_name}
                            </div>
                            <div className="users-muted">{voyage.skipper.email}</div>
                          </div>
                        </div>
                      ) : (
                        <span className="users-muted">Account deleted</span>
                      )}
                    </td>
                    <td>
                      <span className="users-flag">{voyage.status}</span>
                      {voyage.suspended && <span className="users-flag users-flag--warn">Suspended</span>}
                      {voyage.flagged_for_review && (
                        <span className="users-flag users-flag--warn" title={voyage.flag_notes || undefined}>
                          Flagged for review
                        </span>
                      )}
                    </td>
                    <td>
                      <div>{formatDate(voyage.departure_date)}</div>
                      <div className="users-muted">to {formatDate(voyage.return_date)}</div>
                      <div className="users-muted">{formatDuration(voyage.duration_days)}</div>
                    </td>
                    <td>
                      <div>{crewLabel(voyage)}</div>
                      <div className="users-muted">{voyage.application_count} applications</div>
                    </td>
                    <td>
                      <div>{formatCost(voyage)}</div>
                      {voyage.includes_food && <div className="users-muted">Includes food</div>}
                    </td>
                    <td>
                      <div className="users-table__actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`View ${voyage.title}`}
                          onClick={() => setOpen({ kind: 'details', voyage })}
                        >
                          View
                        </button>
                        {voyage.flagged_for_review ? (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`Clear the review flag of ${voyage.title}`}
                            onClick={() => setOpen({ kind: 'clear_flag', voyage })}
                          >
                            Clear flag
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`Moderate ${voyage.title}`}
                            onClick={() => setOpen({ kind: 'moderate', voyage })}
                          >
                            Moderate
                          </button>
                        )}
                        {voyage.status === 'ACTIVE' && !voyage.suspended && (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`Suspend ${voyage.title}`}
                            onClick={() => setOpen({ kind: 'suspend', voyage })}
                          >
                            Suspend
                          </button>
                        )}
                        {voyage.suspended && (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`Reinstate ${voyage.title}`}
                            onClick={() => setOpen({ kind: 'reinstate', voyage })}
                          >
                            Reinstate
                          </button>
                        )}
                        {voyage.skipper && (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`Contact the skipper of ${voyage.title}`}
                            onClick={() => setOpen({ kind: 'contact', voyage })}
                          >
                            Contact
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={`Delete ${voyage.title}`}
                          onClick={() => setOpen({ kind: 'delete', voyage })}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={filters.page} pages={pages} label="Voyages pages" className="users-pager" onPage={(page) => setFilters({ ...filters, page })} />
        </>
      )}
      {open?.kind === 'details' && <VoyageDetailDialog voyage={open.voyage} onClose={() => setOpen(null)} onAction={(kind) => setOpen({ kind, voyage: open.voyage })} />}
      {open?.kind === 'contact' && <VoyageContactDialog voyage={open.voyage} onClose={() => setOpen(null)} onDone={done} />}
      {open && (open.kind === 'moderate' || open.kind === 'clear_flag' || open.kind === 'suspend' || open.kind === 'reinstate' || open.kind === 'delete') && (
        <VoyageActionDialog
          voyage={open.voyage}
          kind={open.kind}
          onClose={() => setOpen(null)}
          onDone={(text, ok) => {
            done(text, ok);
            void analytics.refetch();
          }}
        />
      )}
    </div>
  );
}
