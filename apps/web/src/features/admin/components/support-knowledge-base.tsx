import { EmptyState } from '../../../components/ui/States';

/** The Support Dashboard's Knowledge Base tab. */
export function SupportKnowledgeBaseTab() {
  return <EmptyState title="This tab is not built yet" />;
}
