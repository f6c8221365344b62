import { EmptyState } from '../../../components/ui/States';

/** The Support Dashboard's Communications tab. */
export function SupportCommunicationsTab() {
  return <EmptyState title="This tab is not built yet" />;
}
