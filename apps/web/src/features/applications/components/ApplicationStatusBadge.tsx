import type { ApplicationStatus } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { APPLICATION_STATUS_NAMES } from '../lib/format';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useLingui();
  return (
    <span className={`applications-badge applications-badge--${status}`}>
      <span className="visually-hidden">
        <Trans>Status:</Trans>{' '}
      </span>
      {t(APPLICATION_STATUS_NAMES[status])}
    </span>
  );
}
