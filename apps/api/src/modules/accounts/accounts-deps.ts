import type { DataSource } from 'typeorm';
import type { TokenService } from '../../platform/auth/token.service';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import type { Platform } from '../../platform/platform';
import type { MessagingServices } from '../messaging/messaging-services';
import type { SignInThrottle } from '../../platform/security/sign-in-throttle';
import { linkKeyFrom } from './auth-tokens';
import { AccountMailThrottle } from './mail-throttle';

/** What the account commands need; built from the platform so tests can pass a clock. */
export interface AccountsDeps {
  readonly dataSource: DataSource;
  readonly jobQueue: JobQueue;
  readonly tokens: TokenService;
  readonly signInThrottle: SignInThrottle;
  /** How many link mails an account, and a client address, may be sent an hour. */
  readonly mailThrottle: AccountMailThrottle;
  /** The key mailed link tokens are derived with (see linkKeyFrom). */
  readonly linkKey: () => Promise<Buffer>;
  readonly baseUrl: string;
  readonly emailVerificationRequired: boolean;
  readonly now: () => Date;
  /** Ends the accounts' open message streams in every API process (their tokens stopped working). */
  readonly endLiveStreams: (userIds: readonly string[]) => Promise<void>;
}

/** JWT_SECRET when set, else the signing secret the token service keeps in the database. */
const loadLinkKey = async (platform: Platform): Promise<Buffer> => {
  if (platform.config.jwtSecret) return linkKeyFrom(platform.config.jwtSecret);
  const rows: { value: string }[] = await platform.dataSource.query(`SELECT value FROM platform_secrets WHERE name = 'jwt_secret'`);
  if (!rows[0]) throw new Error('The signing secret is missing from platform_secrets');
  return linkKeyFrom(rows[0].value);
};

/** The token of the accounts context's AccountsDeps (provided by AccountsModule). */
export const ACCOUNTS_DEPS = Symbol('ACCOUNTS_DEPS');

export const accountsDeps = (platform: Platform, messaging: MessagingServices): AccountsDeps => {
  let linkKey: Promise<Buffer> | null = null;
  return {
    dataSource: platform.dataSource,
    jobQueue: platform.jobQueue,
    tokens: platform.tokens,
    signInThrottle: platform.signInThrottle,
    mailThrottle: new AccountMailThrottle(platform.signInThrottle.create),
    linkKey: () => {
      linkKey ??= loadLinkKey(platform).catch((error: unknown) => {
        linkKey = null;
        throw error;
      });
      return linkKey;
    },
    baseUrl: platform.baseUrl,
    emailVerificationRequired: platform.config.emailVerificationRequired,
    now: () => new Date(),
    endLiveStreams: (userIds) => messaging.endStreams(userIds),
  };
};
