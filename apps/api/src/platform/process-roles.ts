import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobHandlerFor, LogReactor, MailTemplates, WorkerClock, type Contribution } from './contributions';
import type { JobHandler } from './jobs/job-queue.port';
import { MailTemplateRegistry } from './mail/mail-template-registry';
import { createSendEmailHandler, SEND_EMAIL_JOB } from './mail/send-email.job';
import { createSendEmailsHandler, SEND_EMAILS_JOB } from './mail/send-emails.job';
import { REACTOR_CONNECTIONS, type Platform } from './platform';
import { ProjectionRunner, type LogConsumer } from './projections/projection-runner';
import { CheckpointAdvances } from './projections/checkpoint-store';
import { PLATFORM } from './tokens';

/**
 * What this process runs besides HTTP: the projection and reactor runners
 * (projector role), the job worker and the contexts' clocks (worker role).
 * The contexts' reactors, job handlers, mail templates and clocks are found
 * among the providers at start-up; a job or template named twice, or one
 * nobody handles, stops the start.
 */
@Injectable()
export class ProcessRoles implements OnModuleInit {
  private reactorList: LogConsumer[] = [];
  private readonly handlers = new Map<string, JobHandler>();
  private clocks: WorkerClock[] = [];
  private readonly runnerList: ProjectionRunner[] = [];

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly discovery: DiscoveryService,
    private readonly mailTemplates: MailTemplateRegistry,
  ) {}

  onModuleInit(): void {
    const found = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter(
        (instance): instance is Contribution =>
          instance instanceof LogReactor || instance instanceof JobHandlerFor || instance instanceof MailTemplates || instance instanceof WorkerClock,
      );
    this.mailTemplates.register(found.filter((c): c is MailTemplates => c instanceof MailTemplates));
    this.reactorList = found.filter((c): c is LogReactor => c instanceof LogReactor).map((c) => c.consumer);
    if (this.reactorList.length > REACTOR_CONNECTIONS)
      throw new Error(`${this.reactorList.length} log reactors, but the pool keeps connections for ${REACTOR_CONNECTIONS} (REACTOR_CONNECTIONS)`);
    const names = [...this.platform.projectors, ...this.reactorList].map((consumer) => consumer.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) throw new Error(`Two log consumers are named ${twice}`);
    const { platform } = this;
    const mailOptions = { templates: platform.templates, links: platform.mailLinks };
    const jobs = [
      new JobHandlerFor(SEND_EMAIL_JOB, createSendEmailHandler(platform.dataSource, platform.mail, platform.config.mailFrom, this.mailTemplates, mailOptions)),
      new JobHandlerFor(
        SEND_EMAILS_JOB,
        createSendEmailsHandler({ dataSource: platform.dataSource, transport: platform.mail, from: platform.config.mailFrom, registry: this.mailTemplates, options: mailOptions }),
      ),
      ...found.filter((c): c is JobHandlerFor => c instanceof JobHandlerFor),
    ];
    for (const { job, handler } of jobs) {
      if (this.handlers.has(job)) throw new Error(`Job ${job} has two handlers`);
      this.handlers.set(job, handler);
    }
    this.clocks = found.filter((c): c is WorkerClock => c instanceof WorkerClock);
  }

  /** The contexts' log reactors (projectors come from libs/projections). */
  get reactors(): readonly LogConsumer[] {
    return this.reactorList;
  }

  get jobHandlers(): ReadonlyMap<string, JobHandler> {
    return this.handlers;
  }

  /** Runners of this process (empty unless the projector role runs here). */
  get runners(): readonly ProjectionRunner[] {
    return this.runnerList;
  }

  startProjectors(): void {
    const { platform } = this;
    const advances = new CheckpointAdvances();
    for (const consumer of [...platform.projectors, ...this.reactorList]) {
      const runner = new ProjectionRunner(consumer, platform.eventStore, platform.dataSource, {
        logger: platform.logger,
        advances,
        onProgress: (name, position) => platform.progress.report(name, position),
      });
      this.runnerList.push(runner);
      runner.start();
    }
  }

  async startWorker(): Promise<void> {
    await this.platform.jobQueue.startWorker(this.handlers);
    for (const { clock } of this.clocks) clock.start();
  }

  /** Stops the clocks and runners of this process (the platform closes the queue and connections after). */
  async stop(): Promise<void> {
    for (const { clock } of this.clocks) await clock.stop();
    await Promise.all(this.runnerList.map((runner) => runner.stop()));
  }
}
