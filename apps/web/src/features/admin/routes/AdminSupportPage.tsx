import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { SupportCommunicationsTab } from '../components/support-communications';
import { SupportKnowledgeBaseTab } from '../components/support-knowledge-base';
import { SupportSystemHealthTab } from '../components/support-system-health';

export function AdminSupportPage() {
  usePageMeta('Support Dashboard', 'Support Dashboard for administrators.');
  const [tab, setTab] = useState('communications');
  return (
    <div>
      <PageHeader title="Support Dashboard" />
      <Tabs.Root value={tab} onValueChange={setTab} className="support-tabs">
        <Tabs.List className="support-tabs__list" aria-label="Support sections">
          <Tabs.Trigger value="tickets" className="support-tabs__tab">
            Support Tickets
          </Tabs.Trigger>
          <Tabs.Trigger value="communications" className="support-tabs__tab">
            Communications
          </Tabs.Trigger>
          <Tabs.Trigger value="knowledge-base" className="support-tabs__tab">
            Knowledge Base
          </Tabs.Trigger>
          <Tabs.Trigger value="system-health" className="support-tabs__tab">
            System Health
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tickets">
          <p>Support tickets are not shown in this build.</p>
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
