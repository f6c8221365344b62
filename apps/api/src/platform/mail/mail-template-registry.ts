import { isMailKind, MAIL_KINDS, type MailKind } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import type { Locale } from '@crew/rules';
import type { DataSource } from 'typeorm';
import type { MailTemplates } from '../contributions';
import type { MailRenderer, RenderedEmail } from './email-templates';
import { mailI18n } from './mail-i18n';
import { MailNoLongerDue, type MailBatchResolver, type MailParamResolver } from './send-email.job';
import { isMarketingTemplate, TEMPLATE_DEFINITIONS } from './template-definitions';

/**
 * Every email template of the running process, gathered from the contexts'
 * MailTemplates at start-up. A template named twice, a resolver without its
 * template, or an editable template (template-definitions.ts) that no context
 * renders stops the start; so does a template without its kind of mail (or
 * with an unknown one, or a kind declared for a template nobody renders), and
 * a campaign template that is not `news` (or a `news` one that is not a
 * campaign template): the kind is what the send-email job asks the
 * recipient's switches about.
 */
export class MailTemplateRegistry {
  private readonly renderers = new Map<string, MailRenderer>();
  private readonly resolvers = new Map<string, MailParamResolver>();
  private readonly batchResolvers = new Map<string, MailBatchResolver>();
  private readonly kinds = new Map<string, MailKind>();

  register(contributions: readonly MailTemplates[]): void {
    for (const contribution of contributions) {
      for (const [name, renderer] of Object.entries(contribution.renderers)) {
        if (this.renderers.has(name)) throw new Error(`Email template ${name} is registered twice`);
        this.renderers.set(name, renderer);
      }
      for (const [name, resolver] of Object.entries(contribution.resolvers)) {
        if (this.resolvers.has(name)) throw new Error(`Email template ${name} has two parameter resolvers`);
        this.resolvers.set(name, resolver);
      }
      for (const [name, resolver] of Object.entries(contribution.batchResolvers)) {
        if (this.batchResolvers.has(name)) throw new Error(`Email template ${name} has two batch resolvers`);
        this.batchResolvers.set(name, resolver);
      }
    }
    const missing = [...this.resolvers.keys(), ...this.batchResolvers.keys(), ...Object.keys(TEMPLATE_DEFINITIONS)].filter((name) => !this.renderers.has(name));
    if (missing.length > 0) throw new Error(`No context renders the email template(s) ${[...new Set(missing)].join(', ')}`);
    this.registerKinds(contributions);
  }

  private registerKinds(contributions: readonly MailTemplates[]): void {
    for (const contribution of contributions) {
      for (const [name, kind] of Object.entries(contribution.kinds)) {
        if (this.kinds.has(name)) throw new Error(`Email template ${name} is given a kind of mail twice`);
        if (!isMailKind(kind)) throw new Error(`Email template ${name} has an unknown kind of mail "${String(kind)}" (one of ${MAIL_KINDS.join(', ')})`);
        if (!this.renderers.has(name)) throw new Error(`Email template ${name} is given a kind of mail, but no context renders it`);
        this.kinds.set(name, kind);
      }
    }
    const without = [...this.renderers.keys()].filter((name) => !this.kinds.has(name));
    if (without.length > 0) {
      throw new Error(
        `Email template(s) ${without.join(', ')} have no kind of mail: name each one's kind in its context's MailTemplates (new MailTemplates(renderers, resolvers, { '<template>': '<kind>' }); kinds: ${MAIL_KINDS.join(', ')})`,
      );
    }
    for (const [name, kind] of this.kinds) {
      if ((kind === 'news') !== isMarketingTemplate(name)) {
        throw new Error(
          `Email template ${name} is ${kind === 'news' ? 'news but not a campaign template' : 'a campaign template but not news'}: campaign mail is the news kind, and only it`,
        );
      }
    }
  }

  /** The kind of mail a template is (its switch, or an always-sent kind). */
  kindOf(template: string): MailKind {
    const kind = this.kinds.get(template);
    if (!kind) throw new Error(`Unknown email template ${template}`);
    return kind;
  }

  has(template: string): boolean {
    return this.renderers.has(template);
  }

  /** The template's built-in text in a language (the recipient's; English when not said). */
  render(template: string, params: JsonObject, locale: Locale = 'en'): RenderedEmail {
    const render = this.renderers.get(template);
    if (!render) throw new Error(`Unknown email template ${template}`);
    return render(params, mailI18n(locale));
  }

  /** The personal values a template shows, read when the mail is sent (none for most templates), in the recipient's language. */
  async resolve(template: string, dataSource: DataSource, params: JsonObject, locale: Locale = 'en'): Promise<JsonObject> {
    return (await this.resolvers.get(template)?.(dataSource, params, mailI18n(locale))) ?? {};
  }

  /**
   * The personal values of many mails of one template, each in its
   * recipient's language: read for all at once where the template has a
   * batch resolver, else one by one. A mail no longer due answers why.
   */
  async resolveMany(
    template: string,
    dataSource: DataSource,
    mails: readonly { readonly params: JsonObject; readonly locale: Locale }[],
  ): Promise<(JsonObject | MailNoLongerDue)[]> {
    const batch = this.batchResolvers.get(template);
    if (batch) {
      const resolved = await batch(
        dataSource,
        mails.map(({ params, locale }) => ({ params, i18n: mailI18n(locale) })),
      );
      if (resolved.length !== mails.length) throw new Error(`The batch resolver of ${template} answered ${resolved.length} mails of ${mails.length}`);
      return resolved;
    }
    const resolved: (JsonObject | MailNoLongerDue)[] = [];
    for (const { params, locale } of mails) {
      try {
        resolved.push(await this.resolve(template, dataSource, params, locale));
      } catch (caught) {
        if (!(caught instanceof MailNoLongerDue)) throw caught;
        resolved.push(caught);
      }
    }
    return resolved;
  }
}
