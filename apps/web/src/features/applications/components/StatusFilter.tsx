import { useLingui } from '@lingui/react/macro';
import { filterName, STATUS_FILTERS, type StatusFilterValue } from '../lib/format';

interface StatusFilterProps {
  readonly value: StatusFilterValue;
  readonly counts: Readonly<Record<StatusFilterValue, number>>;
  readonly onChange: (value: StatusFilterValue) => void;
}

/** All / Pending / Accepted / Rejected / Withdrawn, each with its count; the chosen one is pressed. */
export function StatusFilter({ value, counts, onChange }: StatusFilterProps) {
  const { t } = useLingui();
  return (
    <div className="filter-buttons" role="group" aria-label={t`Filter applications by status`}>
      {STATUS_FILTERS.map((option) => (
        <button key={option} type="button" className="chip" aria-pressed={value === option} onClick={() => onChange(option)}>
          {filterName(option)} ({counts[option]})
        </button>
      ))}
    </div>
  );
}
