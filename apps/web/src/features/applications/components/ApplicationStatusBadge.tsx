import type { ApplicationStatus } from '@crew/contracts/constants';
import { APPLICATION_STATUS_NAMES } from '../lib/format';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`applications-badge applications-badge--${status}`}>
      <span className="visually-hidden">Status: </span>
      {APPLICATION_STATUS_NAMES[status]}
    </span>
  );
}
