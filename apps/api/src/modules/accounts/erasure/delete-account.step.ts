import type { DataSource } from 'typeorm';
import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import type { Platform } from '../../../platform/platform';

/**
 * The accounts context's part in erasing an account, after every other
 * context has erased what it holds of them: the account row goes. With it,
 * by ON DELETE CASCADE, go the rows of other contexts that only make sense
 * with the account: credentials and tokens, boats, application messages, the
 * subscription, admin messages and suspensions, reviews written or received,
 * and every conversation they are in with its messages (both sides), their
 * blocks and the reports they made or that named their messages. Their name
 * and address are traces a mail to someone else may have quoted.
 */
export const deleteAccount = (dataSource: DataSource): AccountErasure => ({
  async traces(userId) {
    const [person] = await dataSource.query<{ full_name: string | null; email: string }[]>(`SELECT first_name || ' ' || last_name AS full_name, email FROM users WHERE id = $1`, [
      userId,
    ]);
    return person ? [person.full_name, person.email].filter((trace): trace is string => Boolean(trace)) : [];
  },
  async erase({ userId }) {
    await dataSource.query('DELETE FROM users WHERE id = $1', [userId]);
    return {};
  },
});

/** The account row goes in the `account` stage, after every other context's records. */
export const deleteAccountStep = (platform: Platform): AccountErasureStep => new AccountErasureStep('accounts', 'account', deleteAccount(platform.dataSource));
