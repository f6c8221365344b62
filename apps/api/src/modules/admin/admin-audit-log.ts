import { AdminAction, adminActionStreamId, type AdminActionSubject, type LogPosition } from '@crew/domain';
import { ApplicationError } from '../../platform/application-error';
import type { AggregateRepository, CommandMetadata } from '../../platform/event-store/aggregate-repository';
import type { DataSource } from 'typeorm';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { projectionFailed, projectionLagging } from '../../platform/projections/read-your-writes';
import type { User } from '../accounts/user.entity';

/** Records one administrator action in the subject's admin-actions stream (ids, codes and the reason only). */
export async function recordAdminAction(
  repository: AggregateRepository,
  metadata: CommandMetadata,
  action: { subjectType: AdminActionSubject; subjectId: string; action: string; reason: string; details?: Record<string, string | number | boolean | null> },
): Promise<{ position: LogPosition | null; streamId: string }> {
  const streamId = adminActionStreamId(action.subjectType, action.subjectId);
  const outcome = await repository.execute(AdminAction, streamId, { type: 'RecordAdminAction', actorId: metadata.userId ?? '', ...action }, metadata);
  return { position: outcome.position, streamId };
}

export const userNotFound = (): ApplicationError => new ApplicationError('not_found', 'USER_NOT_FOUND', 'User not found');

/** The user an admin acts on; 404 when there is none. */
export async function targetUser(dataSource: DataSource, userId: string): Promise<Pick<User, 'id' | 'email' | 'isAdmin' | 'userType'>> {
  const [row] = await dataSource.query<{ id: string; email: string; is_admin: boolean; user_type: User['userType'] }[]>(
    'SELECT id, email, is_admin, user_type FROM users WHERE id = $1',
    [userId],
  );
  if (!row) throw userNotFound();
  return { id: row.id, email: row.email, isAdmin: row.is_admin, userType: row.user_type };
}

/** An administrator cannot be deleted, suspended, nor have premium granted or revoked. */
export const adminProtected = (what: string): ApplicationError =>
  new ApplicationError('forbidden', 'ADMIN_PROTECTED', 'An administrator account cannot {what}', { values: { what } });

/** An administrator's change waits longer than a member's (up to 10 s): the next screen must not show the past. */
const ADMIN_WRITE_WAIT_MS = 10_000;

/**
 * Waits until the read models the next admin screen (and browse) read have
 * passed the write. Parked: 503 PROJECTION_FAILED; still behind after the
 * wait: 503 PROJECTION_LAGGING (the change is saved either way).
 */
export async function awaitAdminWrite(
  progress: ProjectionProgress,
  write: { readonly position: LogPosition | null; readonly streamId: string },
  projections: readonly string[],
): Promise<void> {
  if (!write.position) return;
  const outcome = await progress.waitForOwnWrite(write.position, projections, write.streamId, ADMIN_WRITE_WAIT_MS);
  if (outcome.parked.length > 0) throw projectionFailed();
  if (!outcome.caughtUp) throw projectionLagging();
}
