import type { VoyageLifecycle } from '@crew/contracts';
import { statusLabel } from '../lib/labels';

export function StatusBadge({ status }: { status: VoyageLifecycle }) {
  return <span className={`status-badge status-badge--${status}`}>{statusLabel(status)}</span>;
}
