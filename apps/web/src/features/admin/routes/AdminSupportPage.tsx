import { PENDING_TICKETS_DEFINITION } from '@crew/contracts';
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

const figure = (value: number | null | undefined, unit = ''): string => (value === null || value === undefined ? '—' : `${value}${unit}`);

/** The Support Dashboard: four stat cards and four tabs (docs/features/support-tickets.md). */
export function AdminSupportPage() {
  usePageMeta('Support Dashboard', 'Support Dashboard for administrators.');
  const stats = useQuery(supportStatsQueryOptions());
  const [tab, setTab] = useState('tickets');
  const data = stats.data;
  return (
    <div className="support-admin">
      <PageHeader title="Support Dashboard" lead="Member tickets, communications, the knowledge base and the platform's health." />
      <dl className="support-stats" aria-busy={stats.isPending}>
        <div>
          <dt>Urgent tickets</dt>
          <dd>{figure(data?.urgent_tickets)}</dd>
        </div>
        <div>
          <dt>
            <span title={PENDING_TICKETS_DEFINITION}>Pending tickets</span>
          </dt>
          <dd>
            {figure(data?.pending_tickets)}
            {data && (
              <small className="support-stats__note">
                {data.open_tickets} new · {data.pending_tickets - data.open_tickets} in progress
              </small>
            )}
          </dd>
        </div>
        <div>
          <dt>Average response</dt>
          <dd>{figure(data?.avg_response_time, 'h')}</dd>
        </div>
        <div>
          <dt>Satisfaction</dt>
          <dd data-testid="satisfaction-rate">{figure(data?.satisfaction_rate, '%')}</dd>
        </div>
      </dl>
      {stats.isError && <p className="form__error">Support figures could not be loaded.</p>}
      <Tabs.Root value={tab} onValueChange={setTab} className="support-tabs">
        <Tabs.List className="support-tabs__list" aria-label="Support sections">
          <Tabs.Trigger value="tickets">
            Support Tickets
            {data && data.pending_tickets > 0 ? (
              <span className="support-tabs__badge" title={PENDING_TICKETS_DEFINITION} aria-label={`${data.pending_tickets} pending`}>
                {data.pending_tickets}
              </span>
            ) : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="communications">Communications</Tabs.Trigger>
          <Tabs.Trigger value="knowledge-base">Knowledge Base</Tabs.Trigger>
          <Tabs.Trigger value="system-health">System Health</Tabs.Trigger>
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
