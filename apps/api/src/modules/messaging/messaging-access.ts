import type { DataSource, EntityManager } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';
import { isUuid } from '../../platform/http/uuid';

type Queryable = Pick<DataSource | EntityManager, 'query'>;

export const conversationNotFound = (): ApplicationError => new ApplicationError('not_found', 'CONVERSATION_NOT_FOUND', 'Conversation not found');
/** The blocked side learns that they cannot reply, never why. */
export const cannotReply = (): ApplicationError => new ApplicationError('forbidden', 'CANNOT_REPLY', 'You cannot send messages in this conversation.');

/**
 * The other member of a conversation the user belongs to. A conversation the
 * user is not in answers exactly as one that does not exist (404): a third
 * person learns nothing, not even that it exists.
 */
export async function otherMemberOf(db: Queryable, conversationId: string, userId: string): Promise<string> {
  if (!isUuid(conversationId)) throw conversationNotFound();
  const [row] = await db.query<{ other_user_id: string }[]>('SELECT other_user_id FROM conversation_members WHERE conversation_id = $1 AND user_id = $2', [conversationId, userId]);
  if (!row) throw conversationNotFound();
  return row.other_user_id;
}

/** Whether either of the two has blocked the other. */
export async function blockedEitherWay(db: Queryable, a: string, b: string): Promise<boolean> {
  const rows = await db.query<unknown[]>('SELECT 1 FROM user_blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1', [a, b]);
  return rows.length > 0;
}
