import { PROJECTION_FAILED, PROJECTION_LAGGING } from '@crew/contracts';
import { DomainError } from '@crew/domain';
import { ApiError } from '../http/api-error';
import { ApplicationError } from '../application-error';
import type { LogPosition } from '../event-store/event-store.port';
import type { ProjectionProgress } from './projection-progress';

/** The change was written but a read model the answer comes from parked it: a platform fault, not the user's. */
export const projectionFailed = (): ApplicationError =>
  new ApplicationError(
    'unavailable',
    PROJECTION_FAILED,
    'Your change was saved, but it cannot be shown yet because the platform could not process it. Our team has been alerted; please try again later.',
  );

/** The change was written but the read model has not caught up within the wait: not "not found". */
export const projectionLagging = (): ApplicationError =>
  new ApplicationError('unavailable', PROJECTION_LAGGING, 'Your change was saved, but it is taking longer than usual to show. Please reload the page in a moment.');

/** A read's "not found", whichever layer refused it. */
const isNotFound = (error: unknown): boolean =>
  ((error instanceof ApplicationError || error instanceof DomainError) && error.kind === 'not_found') || (error instanceof ApiError && error.status === 404);

/**
 * Read-your-writes for a command's HTTP answer: waits (bounded) until the
 * projections the answer reads have passed the command's write, then reads
 * the answer. When one of them parked an event of the command's stream, the
 * answer would show the past or "not found": it is a clear 503
 * PROJECTION_FAILED instead. A projection that has not caught up within the
 * wait turns a "not found" into 503 PROJECTION_LAGGING for the same reason.
 */
export async function readOwnWrite<T>(
  progress: ProjectionProgress,
  write: { readonly position: LogPosition | null; readonly streamId: string },
  projections: readonly string[],
  read: () => Promise<T>,
): Promise<T> {
  if (!write.position) return read();
  const outcome = await progress.waitForOwnWrite(write.position, projections, write.streamId);
  if (outcome.parked.length > 0) throw projectionFailed();
  try {
    return await read();
  } catch (error) {
    if (!outcome.caughtUp && isNotFound(error)) throw projectionLagging();
    throw error;
  }
}
