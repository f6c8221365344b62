import type { FactoryProvider, InjectionToken } from '@nestjs/common';
import type { JobHandler } from './jobs/job-queue.port';
import type { MailRenderers } from './mail/email-templates';
import type { MailParamResolver } from './mail/send-email.job';
import type { LogConsumer } from './projections/projection-runner';

/**
 * What a bounded context brings to a process besides controllers and bus
 * handlers. A context's Nest module provides instances of these classes (see
 * `contribute`); ProcessRoles discovers them at start-up and fails loudly on a
 * duplicate or a missing piece, so nothing is registered by hand.
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

/** A context's email templates, and the resolvers that read the personal values they show when a mail is sent. */
export class MailTemplates {
  constructor(
    readonly renderers: Readonly<MailRenderers>,
    readonly resolvers: Readonly<Record<string, MailParamResolver>> = {},
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

export type Contribution = LogReactor | JobHandlerFor | MailTemplates | WorkerClock;

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
