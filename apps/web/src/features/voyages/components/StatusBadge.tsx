import type { VoyageLifecycle } from '@crew/contracts';
import { voyageStatusLabel } from '../../../lib/code-labels';

export function StatusBadge({ status }: { status: VoyageLifecycle }) {
  return <span className={`status-badge status-badge--${status}`}>{voyageStatusLabel(status)}</span>;
}
