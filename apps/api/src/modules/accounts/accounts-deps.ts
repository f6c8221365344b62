import type { DataSource } from 'typeorm';
import type { TokenService } from '../../platform/auth/token.service';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import type { Runtime } from '../../platform/runtime';
import type { SignInThrottle } from '../../platform/security/sign-in-throttle';

/** What the account commands need; built from the runtime so tests can pass a clock. */
export interface AccountsDeps {
  readonly dataSource: DataSource;
  readonly jobQueue: JobQueue;
  readonly tokens: TokenService;
  readonly signInThrottle: SignInThrottle;
  readonly baseUrl: string;
  readonly emailVerificationRequired: boolean;
  readonly now: () => Date;
  /** Ends the accounts' open message streams in every API process (their tokens stopped working). */
  readonly endLiveStreams: (userIds: readonly string[]) => Promise<void>;
}

export const accountsDeps = (runtime: Runtime): AccountsDeps => ({
  dataSource: runtime.dataSource,
  jobQueue: runtime.jobQueue,
  tokens: runtime.tokens,
  signInThrottle: runtime.signInThrottle,
  baseUrl: runtime.baseUrl,
  emailVerificationRequired: runtime.config.emailVerificationRequired,
  now: () => new Date(),
  endLiveStreams: (userIds) => runtime.messaging.endStreams(userIds),
});
