import type { VoyageApplication, VoyageApplicationsResponse } from '@crew/contracts';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../../components/ui/States';
import type { Decision } from '../../../api/applications';
import { applyFilter, countByStatus, noneUnderFilter, type StatusFilterValue } from '../lib/format';
import { ApplicantCard } from './ApplicantCard';
import { StatusFilter } from './StatusFilter';

interface ApplicantListProps {
  readonly data: VoyageApplicationsResponse;
  readonly filter: StatusFilterValue;
  readonly onFilter: (filter: StatusFilterValue) => void;
  readonly onDecide: (application: VoyageApplication, decision: Decision) => void;
}

/** The voyage's applications under status filters with counts. */
export function ApplicantList({ data, filter, onFilter, onDecide }: ApplicantListProps) {
  const { t } = useLingui();
  if (data.applications.length === 0) return <EmptyState title={t`No applications for this voyage yet.`} />;
  const shown = applyFilter(data.applications, filter);
  const now = new Date();
  return (
    <>
      <StatusFilter value={filter} counts={countByStatus(data.applications)} onChange={onFilter} />
      {shown.length === 0 ? (
        <EmptyState title={noneUnderFilter(filter)} />
      ) : (
        <ul className="cards applications-list">
          {shown.map((application) => (
            <li key={application.id}>
              <ApplicantCard application={application} segments={data.voyage.segments} now={now} onDecide={onDecide} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
