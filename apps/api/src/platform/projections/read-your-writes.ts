import { ApiError } from '../http/api-error';
import type { LogPosition } from '../event-store/event-store.port';
import type { ProjectionProgress } from './projection-progress';

export const PROJECTION_FAILED = 'PROJECTION_FAILED';

/** The change was written but a read model the answer comes from parked it: a platform fault, not the user's. */
export const projectionFailed = (): ApiError =>
  new ApiError(
    503,
    PROJECTION_FAILED,
    'Your change was saved, but it cannot be shown yet because the platform could not process it. Our team has been alerted; please try again later.',
  );

/**
 * Read-your-writes for a command's HTTP answer: waits (bounded) until the
 * projections the answer reads have passed the command's write, then reads
 * the answer. When one of them parked an event of the command's stream, the
 * answer would show the past or "not found": it is a clear 503
 * PROJECTION_FAILED instead.
 */
export async function readOwnWrite<T>(
  progress: ProjectionProgress,
  write: { readonly position: LogPosition | null; readonly streamId: string },
  projections: readonly string[],
  read: () => Promise<T>,
): Promise<T> {
  if (write.position) {
    const outcome = await progress.waitForOwnWrite(write.position, projections, write.streamId);
    if (outcome.parked.length > 0) throw projectionFailed();
  }
  return read();
}
