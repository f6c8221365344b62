import { describe, expect, it } from '@jest/globals';
import { Module, type Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AccountErasureStep, contribute, JobHandlerFor, LogReactor, MailTemplates } from '../src/platform/contributions';
import { MailTemplateRegistry } from '../src/platform/mail/mail-template-registry';
import type { Platform } from '../src/platform/platform';
import { PlatformModule } from '../src/platform/platform.module';
import { ProcessRoles } from '../src/platform/process-roles';
import { CONTEXT_MAIL_TEMPLATES } from './support/mail-templates';

/**
 * The contexts' contributions are discovered, never listed by hand: these
 * specs prove that a start with a piece named twice or missing is refused
 * before any request is served.
 */

const noOp = async (): Promise<void> => undefined;
const email = { subject: 's', text: 't', html: '<p>h</p>' };

/** Enough of a platform for the process roles to be built (nothing is started). */
const platform = { config: { nodeEnv: 'test', mailFrom: 'Crew <crew@test>' }, projectors: [] } as unknown as Platform;

const startWith = async (providers: Provider[]): Promise<ProcessRoles> => {
  @Module({ providers })
  class ContextUnderTest {}
  const context = await NestFactory.createApplicationContext(
    { module: class App {}, imports: [PlatformModule.forPlatform(platform), ContextUnderTest] },
    { logger: false, abortOnError: false },
  );
  try {
    return context.get(ProcessRoles);
  } finally {
    await context.close();
  }
};

const everyTemplate = CONTEXT_MAIL_TEMPLATES.map((templates, i) => contribute(`mail-${i}`, () => templates));
/** The one step every start needs: the account row's (see account-erasures.ts). */
const accountStep = contribute('account-step', () => new AccountErasureStep('accounts', 'account', { erase: async () => ({}) }));
const complete = [...everyTemplate, accountStep];

describe('discovered contributions', () => {
  it('finds every reactor and job handler the contexts provide', async () => {
    const roles = await startWith([
      ...complete,
      contribute('reactor', () => new LogReactor({ name: 'reactor:test', project: noOp })),
      contribute('job', () => new JobHandlerFor('test-job', noOp)),
    ]);
    expect(roles.reactors.map((r) => r.name)).toEqual(['reactor:test']);
    expect([...roles.jobHandlers.keys()].sort()).toEqual(['send-email', 'send-emails', 'test-job']);
  });

  it('refuses to start with a job handled twice', async () => {
    await expect(startWith([...complete, contribute('a', () => new JobHandlerFor('twice', noOp)), contribute('b', () => new JobHandlerFor('twice', noOp))])).rejects.toThrow(
      'Job twice has two handlers',
    );
  });

  it('refuses to start with two reactors of one name', async () => {
    const reactor = () => new LogReactor({ name: 'reactor:same', project: noOp });
    await expect(startWith([...complete, contribute('a', reactor), contribute('b', reactor)])).rejects.toThrow('Two log consumers are named reactor:same');
  });

  it('refuses to start when an editable template has no context to render it', async () => {
    await expect(startWith([...everyTemplate.slice(1), accountStep])).rejects.toThrow(/No context renders the email template\(s\) .*verify-email/);
  });
});

describe('the mail template registry', () => {
  it('refuses a template registered twice, and a resolver without its template', () => {
    expect(() => new MailTemplateRegistry().register([...CONTEXT_MAIL_TEMPLATES, new MailTemplates({ 'verify-email': () => email })])).toThrow(
      'Email template verify-email is registered twice',
    );
    expect(() => new MailTemplateRegistry().register([...CONTEXT_MAIL_TEMPLATES, new MailTemplates({}, { 'no-such-template': async () => ({}) })])).toThrow(
      'No context renders the email template(s) no-such-template',
    );
  });

  it('renders what a context registered and refuses an unknown name', () => {
    const registry = new MailTemplateRegistry();
    registry.register([
      ...CONTEXT_MAIL_TEMPLATES,
      new MailTemplates({ 'test-note': (params) => ({ ...email, subject: `Hi ${String(params['name'])}` }) }, {}, { 'test-note': 'messages' }),
    ]);
    expect(registry.render('test-note', { name: 'Ana' }).subject).toBe('Hi Ana');
    expect(registry.kindOf('test-note')).toBe('messages');
    expect(() => registry.render('never-registered', {})).toThrow('Unknown email template never-registered');
  });

  it('refuses a template without its kind of mail, with an unknown kind, or a kind for a template nobody renders', () => {
    expect(() => new MailTemplateRegistry().register([...CONTEXT_MAIL_TEMPLATES, new MailTemplates({ 'saved-search-alert': () => email })])).toThrow(
      /Email template\(s\) saved-search-alert have no kind of mail/,
    );
    const unknownKind = { 'test-note': 'marketing' } as unknown as Record<string, 'news'>;
    expect(() => new MailTemplateRegistry().register([...CONTEXT_MAIL_TEMPLATES, new MailTemplates({ 'test-note': () => email }, {}, unknownKind)])).toThrow(
      'Email template test-note has an unknown kind of mail "marketing"',
    );
    expect(() => new MailTemplateRegistry().register([...CONTEXT_MAIL_TEMPLATES, new MailTemplates({}, {}, { 'berth-opened': 'berth_watch' })])).toThrow(
      'Email template berth-opened is given a kind of mail, but no context renders it',
    );
    // Campaign mail is news, and news is campaign mail only: the unsubscribe footer and the switch go together.
    expect(() => new MailTemplateRegistry().register([...CONTEXT_MAIL_TEMPLATES, new MailTemplates({ 'test-note': () => email }, {}, { 'test-note': 'news' })])).toThrow(
      'Email template test-note is news but not a campaign template',
    );
  });

  it('gives every template of the contexts a kind, transactional mail an always-sent one', () => {
    const registry = new MailTemplateRegistry();
    registry.register(CONTEXT_MAIL_TEMPLATES);
    expect(['verify-email', 'confirm-email-change'].map((name) => registry.kindOf(name))).toEqual(['verification', 'verification']);
    expect(registry.kindOf('reset-password')).toBe('password_reset');
    expect(['sign-in-link', 'email-change-notice', 'password-changed'].map((name) => registry.kindOf(name))).toEqual(['security', 'security', 'security']);
    expect(registry.kindOf('message-unread')).toBe('messages');
    expect(registry.kindOf('application-accepted')).toBe('application_updates');
    expect(registry.kindOf('review-invitation')).toBe('reviews');
    expect(registry.kindOf('trial-ending')).toBe('subscription');
    expect(registry.kindOf('campaign')).toBe('news');
    expect(registry.kindOf('float-plan-overdue')).toBe('safety');
  });
});
