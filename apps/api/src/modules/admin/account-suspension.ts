import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from '@crew/contracts';
import { ApplicationError } from '../../platform/application-error';

/** Anything that runs SQL: a data source, or the entity manager of a transaction. */
interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

export const accountSuspended = (): ApplicationError => new ApplicationError('forbidden', ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE);

/**
 * Every way in (password, sign-in link, email verification) asks this once it
 * knows who is signing in: a suspended account gets 403 ACCOUNT_SUSPENDED and
 * no token. Sessions it had before were ended when it was suspended (token
 * version), so no older token works either.
 */
export async function refuseSuspendedSignIn(db: Queryable, userId: string): Promise<void> {
  const rows = await db.query<{ user_id: string }[]>('SELECT user_id FROM account_suspensions WHERE user_id = $1', [userId]);
  if (rows.length > 0) throw accountSuspended();
}
