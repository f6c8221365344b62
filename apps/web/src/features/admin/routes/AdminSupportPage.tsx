import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { supportStatsQueryOptions } from '../../../api/admin-support-tickets';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { SupportCommunicationsTab } from '../components/support-communications';
import { SupportKnowledgeBaseTab } from '../components/support-knowledge-base';
import { SupportSystemHealthTab } from '../components/support-system-health';
import { SupportTicketsTab } from '../components/support-tickets';
import '../../../components/support/support.css';
import '../components/support-admin.css';
import { formatPercent } from '../components/admin-format';

/** What "pending" counts: the English words of the contracts' PENDING_TICKETS_DEFINITION. */
const PENDING_TICKETS = msg`Tickets not yet resolved or closed: new (open) and in progress (pending).`;

const known = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/** The Support Dashboard: four stat cards and four tabs (docs/features/support-tickets.md). */
export function AdminSupportPage() {
  const { t, i18n } = useLingui();
  usePageMeta(t`Support Dashboard`, t`Support Dashboard for administrators.`);
  const stats = useQuery(supportStatsQueryOptions());
  const [tab, setTab] = useState('tickets');
  const data = stats.data;
  const pendingDefinition = i18n._(PENDING_TICKETS);
  const openTickets = data?.open_tickets ?? 0;
  const inProgress = (data?.pending_tickets ?? 0) - openTickets;
  const pendingTickets = data?.pending_tickets ?? 0;
  const responseHours = data?.avg_response_time;
  return (
    <div className="support-admin">
      <PageHeader title={t`Support Dashboard`} lead={t`Member tickets, communications, the knowledge base and the platform's health.`} />
      <dl className="support-stats" aria-busy={stats.isPending}>
        <div>
          <dt>
            <Trans>Urgent tickets</Trans>
          </dt>
          <dd>{known(data?.urgent_tickets) ? data.urgent_tickets : '—'}</dd>
        </div>
        <div>
          <dt>
            <span title={pendingDefinition}>
              <Trans>Pending tickets</Trans>
            </span>
          </dt>
          <dd>
            {known(data?.pending_tickets) ? data.pending_tickets : '—'}
            {data && (
              <small className="support-stats__note">
                <Trans>
                  {openTickets} new · {inProgress} in progress
                </Trans>
              </small>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Average response</Trans>
          </dt>
          <dd>{known(responseHours) ? t`${responseHours}h` : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Satisfaction</Trans>
          </dt>
          <dd data-testid="satisfaction-rate">{known(data?.satisfaction_rate) ? formatPercent(data.satisfaction_rate) : '—'}</dd>
        </div>
      </dl>
      {stats.isError && (
        <p className="form__error">
          <Trans>Support figures could not be loaded.</Trans>
        </p>
      )}
      <Tabs.Root value={tab} onValueChange={setTab} className="support-tabs">
        <Tabs.List className="support-tabs__list" aria-label={t`Support sections`}>
          <Tabs.Trigger value="tickets">
            <Trans>Support Tickets</Trans>
            {data && data.pending_tickets > 0 ? (
              <span className="support-tabs__badge" title={pendingDefinition} aria-label={t`${pendingTickets} pending`}>
                {data.pending_tickets}
              </span>
            ) : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="communications">
            <Trans>Communications</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="knowledge-base">
            <Trans>Knowledge Base</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="system-health">
            <Trans>System Health</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tickets">
          <SupportTicketsTab />
        </Tabs.Content>
        <Tabs.Content value="communications">
          <SupportCommunicationsTab />
        </Tabs.Content>
        <Tabs.Content value="knowledge-base">
          <SupportKnowledgeBaseTab />
        </Tabs.Content>
        <Tabs.Content value="system-health">
          <SupportSystemHealthTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
