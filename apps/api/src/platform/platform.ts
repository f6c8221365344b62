import path from 'node:path';
import { eventUpcasters, personalDataAggregates, UpcasterRegistry } from '@crew/domain';
import { allProjectors, type Projector } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { TokenService } from './auth/token.service';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config/app-config';
import { createDataSource, migrate, type EntityClass } from './database/data-source';
import { AggregateRepository } from './event-store/aggregate-repository';
import type { EventStore } from './event-store/event-store.port';
import { EventStoreDbEventStore } from './event-store/eventstoredb-event-store';
import { PostgresEventStore } from './event-store/postgres-event-store';
import type { SnapshotStore } from './event-store/snapshot-store';
import { UpcastingEventStore } from './event-store/upcasting-event-store';
import { BullJobQueue } from './jobs/bullmq-job-queue';
import type { JobQueue } from './jobs/job-queue.port';
import { PostgresJobQueue } from './jobs/postgres-job-queue';
import { ErrorLog } from './logging/error-log';
import { MailLinks } from './mail/mail-links';
import { LocalMailboxTransport, SmtpTransport, type MailTransport } from './mail/mail-transport';
import { TemplateStore } from './mail/stored-templates';
import type { RunnerLogger } from './projections/projection-runner';
import { ProjectionProgress } from './projections/projection-progress';
import { createSignInThrottle, type SignInThrottle } from './security/sign-in-throttle';
import { MailboxSmsSender } from './sms/mailbox-sms-sender';
import type { SmsSender } from './sms/sms-sender';
import { TwilioSmsSender } from './sms/twilio-sms-sender';
import { DecryptingEventStore } from './privacy/decrypting-event-store';
import { GuardedSnapshotStore } from './privacy/guarded-snapshot-store';
import { MemberDataKeys } from './privacy/member-data-keys';
import { PersonalDataCipher } from './privacy/personal-data-cipher';
import { sealLegacyEventsOnce } from './privacy/seal-legacy-events-once';
import { PhotoStore } from './uploads/photo-store';

export type PlatformLogger = RunnerLogger;

/**
 * The infrastructure every bounded context stands on: database, event store,
 * job queue, mail, tokens, uploads, projection progress. It knows no context:
 * contexts bring their controllers, handlers, reactors, jobs, mail templates
 * and clocks as Nest modules (see contributions.ts), discovered at start-up.
 */
export interface Platform {
  readonly config: AppConfig;
  readonly databaseUrl: string;
  readonly dataSource: DataSource;
  /** The store as every reader sees it: events pass through the upcasters. */
  readonly eventStore: EventStore;
  /** Members' data keys: personal values in events are sealed with them (docs/privacy.md). */
  readonly dataKeys: MemberDataKeys;
  /** Seals personal values as events are appended and opens them as they are read. */
  readonly personalData: PersonalDataCipher;
  /** Snapshots of aggregate states beside their streams (PostgreSQL event store only). */
  readonly snapshots: SnapshotStore | null;
  /** Read-time corrections of stored events (libs/domain upcasters; more may be registered). */
  readonly upcasters: UpcasterRegistry;
  readonly repository: AggregateRepository;
  readonly jobQueue: JobQueue;
  readonly mail: MailTransport;
  /**
   * Text messages: the configured provider, or the local mailbox outside
   * production; null where neither is there (nothing that needs one is offered).
   */
  readonly sms: SmsSender | null;
  readonly tokens: TokenService;
  readonly signInThrottle: SignInThrottle;
  readonly photos: PhotoStore;
  /** Where links in emails point: PUBLIC_URL, or this machine. */
  readonly baseUrl: string;
  readonly progress: ProjectionProgress;
  /** The read models of libs/projections (the contexts' log reactors are discovered, see ProcessRoles). */
  readonly projectors: readonly Projector[];
  /** Error-level entries kept for the System Health tab. */
  readonly errorLog: ErrorLog;
  /** Email templates as administrators edited them (the mail pipeline renders from them). */
  readonly templates: TemplateStore;
  /** Signed unsubscribe and open-tracking links of marketing mail. */
  readonly mailLinks: MailLinks;
  /** Where time is read (a hand-moved clock in tests). */
  readonly clock: Clock;
  /** Prefix of this deployment's Redis keys (queues, rate limits, live messages). */
  readonly redisPrefix: string;
  /** Warnings and errors; errors also reach the System Health tab's error log. */
  readonly logger: PlatformLogger;
  close(): Promise<void>;
}

export interface PlatformOptions {
  readonly redisPrefix?: string;
  readonly clock?: Clock;
  /** The contexts' TypeORM entities (the composition root names them). */
  readonly entities?: readonly EntityClass[];
  /** How soon BullMQ hands a dead worker's jobs to another (tests of killed processes shorten it). */
  readonly jobLock?: { readonly lockDurationMs: number; readonly stalledIntervalMs: number };
}

/**
 * Connections kept for the contexts' log reactors, one each while it runs,
 * beside the 10 for requests and one per projector: as many as there are
 * reactors, so the pool (and PostgreSQL's connection count) grows with them
 * only when one is added. Start-up fails if more reactors are discovered
 * (ProcessRoles); raise it with the reactor that needs it.
 */
export const REACTOR_CONNECTIONS = 8;

export const createEventStore = async (config: AppConfig, databaseUrl: string): Promise<EventStore> => {
  const url = config.eventStoreUrl;
  if (url && !/^postgres(ql)?:/.test(url)) return new EventStoreDbEventStore(url);
  const store = new PostgresEventStore({ connectionString: url ?? databaseUrl });
  await store.initialize();
  return store;
};

export const createPlatform = async (config: AppConfig, databaseUrl: string, given: PlatformLogger, options: PlatformOptions = {}): Promise<Platform> => {
  const dataSource = createDataSource(databaseUrl, { poolSize: 10 + allProjectors.length + REACTOR_CONNECTIONS, entities: options.entities });
  await dataSource.initialize();
  await migrate(dataSource);
  const errorLog = new ErrorLog(dataSource);
  // Errors also go to the error log of the System Health tab.
  const logger: PlatformLogger = {
    ...given,
    error: (message) => {
      given.error(message);
      errorLog.record({ level: 'error', message, source: 'runtime' });
    },
  };
  const redisPrefix = options.redisPrefix ?? config.redisPrefix;
  const upcasters = new UpcasterRegistry(eventUpcasters);
  const storedEvents = await createEventStore(config, databaseUrl);
  const dataKeys = new MemberDataKeys(dataSource);
  const personalData = new PersonalDataCipher(dataKeys, personalDataAggregates);
  if (storedEvents instanceof PostgresEventStore) await sealLegacyEventsOnce(dataSource, storedEvents, personalData, personalDataAggregates, (m) => logger.info(m));
  // Sealed values are opened before upcasting: upcasters see events as they were decided.
  const eventStore = new UpcastingEventStore(new DecryptingEventStore(storedEvents, personalData), upcasters);
  const jobQueue: JobQueue = config.redisUrl
    ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: redisPrefix, ...options.jobLock, onError: (m) => logger.warn(m) })
    : new PostgresJobQueue(dataSource, databaseUrl, { onError: (m) => logger.warn(m) });
  const mail: MailTransport = config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new LocalMailboxTransport();
  const sms: SmsSender | null = config.sms ? new TwilioSmsSender(config.sms) : config.nodeEnv === 'production' ? null : new MailboxSmsSender(dataSource);
  const tokens = await TokenService.create(dataSource, config.jwtSecret);
  const signInThrottle = createSignInThrottle(config.redisUrl, dataSource, `${redisPrefix}:rate:`);
  const progress = new ProjectionProgress(databaseUrl, dataSource);
  await progress.start();
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const templates = new TemplateStore(dataSource);
  await templates.ensureDefaults();
  const mailLinks = await MailLinks.create(dataSource, baseUrl);
  // Snapshots beside the stream where the stream is in PostgreSQL; with EventStoreDB only the in-memory state is kept.
  const snapshots = storedEvents instanceof PostgresEventStore ? new GuardedSnapshotStore(storedEvents.snapshots(), dataKeys) : null;
  const repository = new AggregateRepository(eventStore, {
    snapshots,
    personalData,
    onSnapshotError: (error) => logger.warn(`snapshot not written: ${error instanceof Error ? error.message : String(error)}`),
  });

  return {
    config,
    databaseUrl,
    dataSource,
    eventStore,
    dataKeys,
    personalData,
    snapshots,
    upcasters,
    repository,
    jobQueue,
    mail,
    sms,
    tokens,
    signInThrottle,
    photos: new PhotoStore(path.join(config.dataDir, 'uploads')),
    baseUrl,
    progress,
    projectors: [...allProjectors],
    errorLog,
    templates,
    mailLinks,
    clock: options.clock ?? systemClock,
    redisPrefix,
    logger,
    async close() {
      await jobQueue.close();
      await signInThrottle.close();
      await progress.stop();
      mail.close();
      await eventStore.close();
      await errorLog.close();
      await dataSource.destroy();
    },
  };
};
