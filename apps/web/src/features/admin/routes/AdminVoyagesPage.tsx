import { ADMIN_VOYAGE_STATUSES, ADMIN_VOYAGES_PAGE_SIZE, type AdminVoyage } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import {
  crewLabel,
  formatCost,
  VOYAGE_STATUS_BADGES,
  VOYAGE_STATUS_LABELS,
  VoyageActionDialog,
  VoyageContactDialog,
  VoyageDetailDialog,
  type VoyageDialogKind,
} from '../components/voyages-dialogs';
import { FigureTerm } from '../components/figure-term';
import { formatPercent } from '../components/admin-format';

/** Descriptions are truncated at 50 characters. */
const truncate = (text: string, max = 50): string => (text.length > max ? `${text.slice(0, max)}…` : text);

export function AdminVoyagesPage() {
  const { t, i18n } = useLingui();
  usePageMeta(t`Voyage Oversight`, t`Voyage Oversight for administrators.`);
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
  const total = data?.total ?? 0;
  const newThisMonth = stats?.new_this_month ?? 0;
  const departureSoon = stats?.departure_soon ?? 0;
  const completionRate = formatPercent(stats?.completion_rate ?? 0);
  const pendingApplications = stats?.pending_applications ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { search: text, status, date, flagged } = filters;
      const all = await fetchVoyagesForExport({ search: text, status, date, flagged });
      downloadCsv(voyagesCsv(all.voyages), csvFileName());
      const exported = all.voyages.length;
      done(t`Exported ${plural(exported, { one: '# voyage', other: '# voyages' })}`, true);
    } catch {
      done(t`Failed to export voyages`, false);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="users-admin">
      <PageHeader title={t`Voyage Oversight`} lead={t`Search, review, suspend and remove voyages.`} />
      {stats && (
        <dl className="users-stats">
          <div>
            <dt>
              <Trans>Total voyages</Trans>
            </dt>
            <dd>
              {stats.total_voyages}
              <small>
                <Trans>+{newThisMonth} this month</Trans>
              </small>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Active voyages</Trans>
            </dt>
            <dd>
              {stats.active_voyages}
              <small>
                <Trans>{departureSoon} departing soon</Trans>
              </small>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Completed</Trans>
            </dt>
            <dd>
              {stats.completed_voyages}
              <small>
                <Trans>
                  {completionRate} <FigureTerm figure="completion_rate">completion rate</FigureTerm>
                </Trans>
              </small>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Total applications</Trans>
            </dt>
            <dd>
              {stats.total_applications}
              <small>
                <Trans>{pendingApplications} pending</Trans>
              </small>
            </dd>
          </div>
        </dl>
      )}
      <div className="users-toolbar">
        <div className="field users-toolbar__search">
          <label htmlFor="voyages-search">
            <Trans>Search voyages</Trans>
          </label>
          <input id="voyages-search" type="search" placeholder={t`Title, description, port, skipper or id`} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="voyages-status">
            <Trans>Status</Trans>
          </label>
          <select id="voyages-status" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as VoyagesFilters['status'], page: 1 })}>
            <option value="">{t`All statuses`}</option>
            {ADMIN_VOYAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(VOYAGE_STATUS_LABELS[status])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="voyages-date">
            <Trans>Dates</Trans>
          </label>
          <select id="voyages-date" value={filters.date} onChange={(e) => setFilters({ ...filters, date: e.target.value as VoyagesFilters['date'], page: 1 })}>
            <option value="">{t`Any date`}</option>
            <option value="upcoming">{t`Upcoming (next 30 days)`}</option>
            <option value="this_month">{t`This month`}</option>
            <option value="recent">{t`Recent (last 30 days)`}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="voyages-moderation">
            <Trans>Moderation</Trans>
          </label>
          <select id="voyages-moderation" value={filters.flagged} onChange={(e) => setFilters({ ...filters, flagged: e.target.value as VoyagesFilters['flagged'], page: 1 })}>
            <option value="">{t`All voyages`}</option>
            <option value="true">{t`Flagged for review`}</option>
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
          <Trans>Refresh</Trans>
        </button>
        <button type="button" className="button button--primary" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? t`Exporting…` : t`Export CSV`}
        </button>
      </div>
      {notice && (
        <p className={`users-notice${notice.ok ? '' : ' users-notice--error'}`} role="status">
          {notice.text}
        </p>
      )}
      {voyages.isPending ? (
        <LoadingState label={t`Loading voyages…`} />
      ) : voyages.isError ? (
        <ErrorState message={voyages.error.message || t`Failed to load voyages`} onRetry={() => void voyages.refetch()} />
      ) : !data || data.voyages.length === 0 ? (
        <EmptyState title={t`No voyages match your filters.`} />
      ) : (
        <>
          <p className="users-muted" aria-live="polite">
            {t`${plural(total, { one: '# voyage found', other: '# voyages found' })}`}
          </p>
          <div className="users-table-wrap">
            <table className="users-table">
              <caption className="visually-hidden">
                <Trans>Voyages</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Voyage</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Route</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Skipper</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Dates</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Crew</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Cost</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Actions</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.voyages.map((voyage) => {
                  const title = voyage.title;
                  const segments = voyage.segments.length;
                  const returnDate = formatDate(voyage.return_date);
                  const applications = voyage.application_count;
                  return (
                    <tr key={voyage.id}>
                      <td>
                        <div>{voyage.title}</div>
                        <div className="users-muted">{voyage.id}</div>
                        {voyage.description && <div className="users-muted">{truncate(voyage.description)}</div>}
                      </td>
                      <td>
                        {voyage.departure_port ?? '?'} → {voyage.arrival_port ?? '?'}
                        {segments > 1 && <div className="users-muted">{t`${plural(segments, { one: '# segment', other: '# segments' })}`}</div>}
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
                          <span className="users-muted">
                            <Trans>Account deleted</Trans>
                          </span>
                        )}
                      </td>
                      <td>
                        <span className="users-flag">{i18n._(VOYAGE_STATUS_BADGES[voyage.status])}</span>
                        {voyage.suspended && <span className="users-flag users-flag--warn">{t({ message: 'Suspended', context: 'voyage' })}</span>}
                        {voyage.flagged_for_review && (
                          <span className="users-flag users-flag--warn" title={voyage.flag_notes || undefined}>
                            <Trans>Flagged for review</Trans>
                          </span>
                        )}
                      </td>
                      <td>
                        <div>{formatDate(voyage.departure_date)}</div>
                        <div className="users-muted">{t`to ${returnDate}`}</div>
                        <div className="users-muted">{formatDuration(voyage.duration_days)}</div>
                      </td>
                      <td>
                        <div>{crewLabel(voyage)}</div>
                        <div className="users-muted">{t`${plural(applications, { one: '# application', other: '# applications' })}`}</div>
                      </td>
                      <td>
                        <div>{formatCost(voyage)}</div>
                        {voyage.includes_food && (
                          <div className="users-muted">
                            <Trans>Includes food</Trans>
                          </div>
                        )}
                      </td>
                      <td>
                        <div className="users-table__actions">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={t`View ${title}`}
                            onClick={() => setOpen({ kind: 'details', voyage })}
                          >
                            <Trans>View</Trans>
                          </button>
                          {voyage.flagged_for_review ? (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={t`Clear the review flag of ${title}`}
                              onClick={() => setOpen({ kind: 'clear_flag', voyage })}
                            >
                              <Trans>Clear flag</Trans>
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={t`Moderate ${title}`}
                              onClick={() => setOpen({ kind: 'moderate', voyage })}
                            >
                              <Trans>Moderate</Trans>
                            </button>
                          )}
                          {voyage.status === 'ACTIVE' && !voyage.suspended && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={t`Suspend ${title}`}
                              onClick={() => setOpen({ kind: 'suspend', voyage })}
                            >
                              <Trans>Suspend</Trans>
                            </button>
                          )}
                          {voyage.suspended && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={t`Reinstate ${title}`}
                              onClick={() => setOpen({ kind: 'reinstate', voyage })}
                            >
                              <Trans>Reinstate</Trans>
                            </button>
                          )}
                          {voyage.skipper && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={t`Contact the skipper of ${title}`}
                              onClick={() => setOpen({ kind: 'contact', voyage })}
                            >
                              <Trans>Contact</Trans>
                            </button>
                          )}
                          <button type="button" className="button button--danger button--small" aria-label={t`Delete ${title}`} onClick={() => setOpen({ kind: 'delete', voyage })}>
                            <Trans>Delete</Trans>
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={filters.page} pages={pages} label={t`Voyages pages`} className="users-pager" onPage={(page) => setFilters({ ...filters, page })} />
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
