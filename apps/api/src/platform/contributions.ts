import type { MailKind } from '@crew/contracts';
import type { FactoryProvider, InjectionToken } from '@nestjs/common';
import type { CommandMetadata } from './event-store/aggregate-repository';
import type { JobHandler } from './jobs/job-queue.port';
import type { MailRenderers } from './mail/email-templates';
import type { MailBatchResolver, MailParamResolver } from './mail/send-email.job';
import type { LogConsumer } from './projections/projection-runner';

/**
 * What a bounded context brings to a process besides controllers and bus
 * handlers. A context's Nest module provides instances of these classes (see
 * `contribute`); ProcessRoles (and AccountErasures, for the erasure steps)
 * discovers them at start-up and fails loudly on a duplicate or a missing
 * piece, so nothing is registered by hand.
 */

/** A reactor following the event log (it runs where the projector role runs, with a checkpoint of its own). */
export class LogReactor {
  constructor(readonly consumer: LogConsumer) {}
}

/** The handler of one kind of background job (it runs where the worker role runs). */
export class JobHandlerFor {
  constructor(
    readonly job: string,
    readonly handler: JobHandler,
  ) {}
}

/**
 * A context's email templates, the resolvers that read the personal values
 * they show when a mail is sent, and the kind of mail each template is
 * (`@crew/contracts` notifications.ts): the recipient's switch for that kind
 * decides, when the mail is sent, whether it goes; an always-sent kind
 * (verification, password reset, security, account, safety) always goes.
 * Every template needs a kind: the start stops on one without.
 */
export class MailTemplates {
  constructor(
    readonly renderers: Readonly<MailRenderers>,
    readonly resolvers: Readonly<Record<string, MailParamResolver>> = {},
    readonly kinds: Readonly<Record<string, MailKind>> = {},
    /** Templates whose mails can be sent many at a time (the send-emails job) read their values for a whole batch at once. */
    readonly batchResolvers: Readonly<Record<string, MailBatchResolver>> = {},
  ) {}
}

/** Periodic work of the worker role (expiries, reminders, health checks), started and stopped with it. */
export interface Clockwork {
  start(): void;
  stop(): Promise<void>;
}

export class WorkerClock {
  constructor(
    readonly name: string,
    readonly clock: Clockwork,
  ) {}
}

/**
 * A member's account being erased by an administrator, as each context's
 * erasure step is given it. It lives in memory only and is never stored: the
 * durable record is the admin action `user.deleted` (ids and counts only), and
 * the steps' own events (a voyage cancelled, a ticket erased) hold ids only.
 */
export interface AccountErased {
  readonly userId: string;
  /** The administrator erasing the account. */
  readonly erasedBy: string;
  readonly metadata: CommandMetadata;
  readonly at: Date;
  /**
   * Texts of theirs a mail to someone else may have quoted (their name and
   * address, their application messages), gathered from every step's
   * `traces` before any step runs, while the rows that hold them still exist.
   */
  readonly traces: readonly string[];
}

/** How many records of each kind a step erased (`{ voyages: 2 }`); the admin reports some of them. */
export type ErasedRecords = Readonly<Record<string, number>>;

/**
 * What one context does when an account is erased, to its own tables, read
 * models, files and live connections only. Idempotent: run again for the same
 * account (a retried erasure, or one that stopped half-way), it finds less or
 * nothing left and changes nothing more.
 */
export interface AccountErasure {
  /** Texts of theirs this context holds that mails may have quoted (see AccountErased.traces). */
  traces?(userId: string): Promise<readonly string[]>;
  erase(erased: AccountErased): Promise<ErasedRecords>;
}

/**
 * When an erasure step runs. The stages run in this order; the steps of one
 * stage are independent of each other and run one after another, in module
 * order.
 * - records: what the member did or holds outside their account row (their
 *   applications withdrawn, their voyages cancelled and deleted, their support
 *   tickets erased, their photo files removed). First, while the account still
 *   exists: these steps read rows that go with it (the photos' addresses),
 *   and their events notify other members about the account's own voyages.
 * - account: the account row itself (one step, the accounts context's), and
 *   with it, by ON DELETE CASCADE, every row that names it (see that step).
 * - mail: the mails recorded to them deleted, and those to others that
 *   quoted them scrubbed; after the records stage, so that a notice its events
 *   caused and already sent is scrubbed too, and after the account row, so a
 *   mail being sent meanwhile is either recorded before the scrub (and
 *   scrubbed) or finds its people gone when it records (and keeps no text).
 * - keys: the member's data key destroyed (docs/privacy.md), so every value of
 *   theirs sealed in the event log reads as removed; the snapshots of the
 *   streams holding such values dropped. After the records stage, whose events
 *   are sealed with the key while it still exists.
 * - sessions: what lives outside the database, once the account is gone: its
 *   open message streams end (one reopened before the row went would
 *   otherwise stay open).
 */
export const ERASURE_STAGES = ['records', 'account', 'mail', 'keys', 'sessions'] as const;
export type ErasureStage = (typeof ERASURE_STAGES)[number];

/** One context's part in erasing an account (run by AccountErasures). */
export class AccountErasureStep {
  constructor(
    readonly name: string,
    readonly stage: ErasureStage,
    readonly erasure: AccountErasure,
  ) {}
}

export type Contribution = LogReactor | JobHandlerFor | MailTemplates | WorkerClock | AccountErasureStep;

/**
 * A provider of one contribution, under a token of its own (Nest has no
 * multi-providers; discovery finds every instance of the classes above).
 */
export const contribute = <T extends Contribution>(
  name: string,
  build: (...dependencies: never[]) => T | Promise<T>,
  inject: readonly InjectionToken[] = [],
): FactoryProvider<T> => ({
  provide: Symbol(name),
  useFactory: build as (...dependencies: unknown[]) => T | Promise<T>,
  inject: [...inject],
});
