import type { VoyageLifecycle } from '@crew/contracts';
import { STATUS_LABEL } from '../lib/format';

export function StatusBadge({ status }: { status: VoyageLifecycle }) {
  return <span className={`status-badge status-badge--${status}`}>{STATUS_LABEL[status] ?? status}</span>;
}
