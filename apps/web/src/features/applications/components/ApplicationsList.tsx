import type { ApplicationResponse } from '@crew/contracts';
import { EmptyState } from '../../../components/ui/States';
import { applyFilter, countByStatus, noneUnderFilter, type StatusFilterValue } from '../lib/format';
import { ApplicationCard } from './ApplicationCard';
import { StatusFilter } from './StatusFilter';

interface ApplicationsListProps {
  readonly applications: readonly ApplicationResponse[];
  readonly filter: StatusFilterValue;
  readonly onFilter: (filter: StatusFilterValue) => void;
  readonly onWithdraw: (application: ApplicationResponse) => void;
}

/** The status filters with their counts, then the applications the chosen one lets through. */
export function ApplicationsList({ applications, filter, onFilter, onWithdraw }: ApplicationsListProps) {
  const shown = applyFilter(applications, filter);
  const now = new Date();
  return (
    <>
      <StatusFilter value={filter} counts={countByStatus(applications)} onChange={onFilter} />
      {shown.length === 0 ? (
        <EmptyState title={noneUnderFilter(filter)} />
      ) : (
        <ul className="cards applications-list">
          {shown.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} now={now} onWithdraw={onWithdraw} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
