import path from 'node:path';
import { eventUpcasters, UpcasterRegistry } from '@crew/domain';
import { allProjectors, type Projector } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { monetizationNoticeReactor } from '../modules/admin/reactors/monetization-notice.reactor';
import { applicationMailParams } from '../modules/applications/application-mail-params';
import { applicationNoticesReactor } from '../modules/applications/reactors/application-notices.reactor';
import { adminMailParams } from '../modules/admin/admin-mail';
import { adminNoticesReactor } from '../modules/admin/reactors/admin-notices.reactor';
import { subscriptionNoticesReactor } from '../modules/subscriptions/reactors/subscription-notices.reactor';
import { reviewMailParams } from '../modules/reviews/review-mail';
import { reviewInvitationsReactor } from '../modules/reviews/reactors/review-invitations.reactor';
import { supportMailParams } from '../modules/support/support-mail';
import { ticketNoticesReactor } from '../modules/support/reactors/ticket-notices.reactor';
import { SubscriptionClock } from '../modules/subscriptions/subscription-clock';
import { CampaignDispatcher, campaignMailParams } from '../modules/support-desk/campaigns';
import { HealthMonitor } from '../modules/support-desk/health-monitor';
import { createMessaging, type MessagingServices } from '../modules/messaging/messaging-services';
import type { Clock } from '../modules/messaging/messaging-clock';
import { messagingMailParams } from '../modules/messaging/unread-notices';
import { trustNoticesReactor } from '../modules/trust/reactors/trust-notices.reactor';
import { createSendSafetyEmailHandler, SEND_SAFETY_EMAIL_JOB, trustMailParams } from '../modules/trust/trust-mail';
import { TrustScheduler } from '../modules/trust/trust-scheduler';
import type { PaymentGateway } from '../modules/subscriptions/payments/payment-gateway';
import { paymentGatewayFor } from '../modules/subscriptions/payments/stripe-payment-gateway';
import { TokenService } from './auth/token.service';
import type { AppConfig } from './config/app-config';
import { createDataSource, migrate } from './database/data-source';
import { AggregateRepository } from './event-store/aggregate-repository';
import { EventStoreDbEventStore } from './event-store/eventstoredb-event-store';
import type { EventStore } from './event-store/event-store.port';
import { PostgresEventStore } from './event-store/postgres-event-store';
import { UpcastingEventStore } from './event-store/upcasting-event-store';
import { BullJobQueue } from './jobs/bullmq-job-queue';
import type { JobHandler, JobQueue } from './jobs/job-queue.port';
import { PostgresJobQueue } from './jobs/postgres-job-queue';
import { LocalMailboxTransport, SmtpTransport, type MailTransport } from './mail/mail-transport';
import { createSendEmailHandler, SEND_EMAIL_JOB } from './mail/send-email.job';
import { MailLinks } from './mail/mail-links';
import { TemplateStore } from './mail/stored-templates';
import { ErrorLog } from './logging/error-log';
import { ProjectionProgress } from './projections/projection-progress';
import { PhotoStore } from './uploads/photo-store';
import { createSignInThrottle, type SignInThrottle } from './security/sign-in-throttle';
import { ProjectionRunner, type LogConsumer, type RunnerLogger } from './projections/projection-runner';

export type RuntimeLogger = RunnerLogger;

/**
 * Everything a process needs besides HTTP: database, event store, queue,
 * mail, projection runners. Built without Nest so the CLI, the benchmarks and
 * the tests use exactly the same wiring.
 */
export interface Runtime {
  readonly config: AppConfig;
  readonly databaseUrl: string;
  readonly dataSource: DataSource;
  /** The store as every reader sees it: events pass through the upcasters. */
  readonly eventStore: EventStore;
  /** Read-time corrections of stored events (libs/domain upcasters; more may be registered). */
  readonly upcasters: UpcasterRegistry;
  readonly repository: AggregateRepository;
  readonly jobQueue: JobQueue;
  readonly mail: MailTransport;
  readonly tokens: TokenService;
  readonly signInThrottle: SignInThrottle;
  readonly photos: PhotoStore;
  /** Where links in emails point: PUBLIC_URL, or this machine. */
  readonly baseUrl: string;
  /** Card payments (Stripe), or null when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set. */
  readonly payments: PaymentGateway | null;
  readonly progress: ProjectionProgress;
  readonly projectors: readonly Projector[];
  readonly reactors: readonly LogConsumer[];
  /** Runners of this process (empty unless the projector role runs here). */
  readonly runners: ProjectionRunner[];
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
  /** Expires subscriptions whose year ran out and reminds members whose trial ends soon (worker role). */
  readonly subscriptionClock: SubscriptionClock;
  /** Error-level entries kept for the System Health tab. */
  readonly errorLog: ErrorLog;
  /** Email templates as administrators edited them (the mail pipeline renders from them). */
  readonly templates: TemplateStore;
  /** Signed unsubscribe and open-tracking links of campaign mail. */
  readonly mailLinks: MailLinks;
  /** Queues campaigns, one job per recipient, and resumes any whose queuing was interrupted (worker role). */
  readonly campaigns: CampaignDispatcher;
  /** Periodic service checks for the System Health tab (worker role, one process at a time). */
  readonly healthMonitor: HealthMonitor;
  /** Live message delivery, stream tickets, the send limit and the unread-notice clock. */
  readonly messaging: MessagingServices;
  /** Expires applications, archives departed voyages, confirms sailing logs and raises overdue alerts (worker role). */
  readonly trustScheduler: TrustScheduler;
  startProjectors(): void;
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export const createEventStore = async (config: AppConfig, databaseUrl: string): Promise<EventStore> => {
  const url = config.eventStoreUrl;
  if (url && !/^postgres(ql)?:/.test(url)) return new EventStoreDbEventStore(url);
  const store = new PostgresEventStore({ connectionString: url ?? databaseUrl });
  await store.initialize();
  return store;
};

/** Reactors that follow the log (see `reactors` below); the pool keeps a connection for each. */
const LOG_REACTORS = 7;

export const createRuntime = async (config: AppConfig, databaseUrl: string, given: RuntimeLogger, options: { redisPrefix?: string; clock?: Clock } = {}): Promise<Runtime> => {
  // Each log consumer's runner keeps a connection of its own while it runs: the pool holds those beside the 10 for requests.
  const dataSource = createDataSource(databaseUrl, { poolSize: 10 + allProjectors.length + LOG_REACTORS });
  await dataSource.initialize();
  await migrate(dataSource);
  const errorLog = new ErrorLog(dataSource);
  // Errors also go to the error log of the System Health tab.
  const logger: RuntimeLogger = {
    ...given,
    error: (message) => {
      given.error(message);
      errorLog.record({ level: 'error', message, source: 'runtime' });
    },
  };
  const upcasters = new UpcasterRegistry(eventUpcasters);
  const storedEvents = await createEventStore(config, databaseUrl);
  const eventStore = new UpcastingEventStore(storedEvents, upcasters);
  const jobQueue: JobQueue = config.redisUrl
    ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: options.redisPrefix, onError: (m) => logger.warn(m) })
    : new PostgresJobQueue(dataSource, databaseUrl, { onError: (m) => logger.warn(m) });
  const mail: MailTransport = config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new LocalMailboxTransport();
  const tokens = await TokenService.create(dataSource, config.jwtSecret);
  const signInThrottle = createSignInThrottle(config.redisUrl, dataSource, `${options.redisPrefix ?? 'crew'}:rate:`);
  const progress = new ProjectionProgress(databaseUrl, dataSource);
  await progress.start();
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const projectors: Projector[] = [...allProjectors];
  const reactors: LogConsumer[] = [
    monetizationNoticeReactor(jobQueue, baseUrl),
    applicationNoticesReactor(jobQueue, baseUrl, eventStore),
    adminNoticesReactor(jobQueue, baseUrl, eventStore),
    subscriptionNoticesReactor(jobQueue, baseUrl),
    reviewInvitationsReactor(jobQueue, baseUrl),
    ticketNoticesReactor(jobQueue, baseUrl, eventStore),
    trustNoticesReactor(jobQueue, baseUrl, eventStore),
  ];
  if (reactors.length > LOG_REACTORS) throw new Error('LOG_REACTORS must count every reactor: each needs a connection of its own');
  const templates = new TemplateStore(dataSource);
  await templates.ensureDefaults();
  const mailLinks = await MailLinks.create(dataSource, baseUrl);
  const jobHandlers = new Map<string, JobHandler>([
    [
      SEND_EMAIL_JOB,
      createSendEmailHandler(
        dataSource,
        mail,
        config.mailFrom,
        { ...applicationMailParams, ...adminMailParams, ...reviewMailParams, ...campaignMailParams, ...messagingMailParams, ...supportMailParams, ...trustMailParams },
        { templates, links: mailLinks },
      ),
    ],
    [SEND_SAFETY_EMAIL_JOB, createSendSafetyEmailHandler(dataSource, mail, config.mailFrom, baseUrl)],
  ]);
  const messaging = await createMessaging(dataSource, databaseUrl, jobQueue, baseUrl, {
    redisUrl: config.redisUrl,
    redisPrefix: `${options.redisPrefix ?? 'crew'}:`,
    clock: options.clock,
    onError: (m) => logger.warn(m),
  });
  for (const [name, handler] of messaging.jobHandlers) jobHandlers.set(name, handler);
  const runners: ProjectionRunner[] = [];
  const repository = new AggregateRepository(eventStore, {
    // Snapshots beside the stream where the stream is in PostgreSQL; with EventStoreDB only the in-memory state is kept.
    snapshots: storedEvents instanceof PostgresEventStore ? storedEvents.snapshots() : null,
    onSnapshotError: (error) => logger.warn(`snapshot not written: ${error instanceof Error ? error.message : String(error)}`),
  });
  const subscriptionClock = new SubscriptionClock(dataSource, repository, jobQueue, baseUrl, (message) => logger.warn(message));
  const campaigns = new CampaignDispatcher(dataSource, jobQueue, baseUrl, (message) => logger.error(message));
  // The monitor checks what the runtime holds; it is built before the runtime it reads.
  let self: Runtime | null = null;
  const healthMonitor = new HealthMonitor(
    () => self!,
    (message) => logger.warn(message),
  );
  const trustScheduler = new TrustScheduler(dataSource, repository, (message) => logger.warn(message));

  self = {
    config,
    databaseUrl,
    dataSource,
    eventStore,
    upcasters,
    repository,
    jobQueue,
    mail,
    tokens,
    signInThrottle,
    photos: new PhotoStore(path.join(config.dataDir, 'uploads')),
    baseUrl,
    payments: paymentGatewayFor(config),
    progress,
    projectors,
    reactors,
    runners,
    jobHandlers,
    subscriptionClock,
    errorLog,
    templates,
    mailLinks,
    campaigns,
    healthMonitor,
    messaging,
    trustScheduler,
    startProjectors() {
      for (const consumer of [...projectors, ...reactors]) {
        const runner = new ProjectionRunner(consumer, eventStore, dataSource, {
          logger,
          onProgress: (name, position) => progress.report(name, position),
        });
        runners.push(runner);
        runner.start();
      }
    },
    async startWorker() {
      await jobQueue.startWorker(jobHandlers);
      subscriptionClock.start();
      campaigns.start();
      healthMonitor.start();
      trustScheduler.start();
    },
    async close() {
      await subscriptionClock.stop();
      await campaigns.stop();
      await healthMonitor.stop();
      await trustScheduler.stop();
      await messaging.close();
      await Promise.all(runners.map((r) => r.stop()));
      await jobQueue.close();
      await signInThrottle.close();
      await progress.stop();
      mail.close();
      await eventStore.close();
      await errorLog.close();
      await dataSource.destroy();
    },
  };
  return self;
};
