import { EmptyState } from '../../../components/ui/States';

/** The Support Dashboard's System Health tab. */
export function SupportSystemHealthTab() {
  return <EmptyState title="This tab is not built yet" />;
}
