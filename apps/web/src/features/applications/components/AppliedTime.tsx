import { formatDateTime } from '../lib/format';
import { formatApplicationTime } from '../lib/relative-time';

/** "3 hours ago", with the full date and time as a tooltip. */
export function AppliedTime({ createdAt, now }: { createdAt: string; now: Date }) {
  return (
    <time dateTime={createdAt} title={formatDateTime(createdAt)}>
      {formatApplicationTime(createdAt, now)}
    </time>
  );
}
