import type { JsonObject } from '@crew/domain';
import type { Locale } from '@crew/rules';
import type { DataSource } from 'typeorm';
import type { MailTemplates } from '../contributions';
import type { MailRenderer, RenderedEmail } from './email-templates';
import { mailI18n } from './mail-i18n';
import type { MailParamResolver } from './send-email.job';
import { TEMPLATE_DEFINITIONS } from './template-definitions';

/**
 * Every email template of the running process, gathered from the contexts'
 * MailTemplates at start-up. A template named twice, a resolver without its
 * template, or an editable template (template-definitions.ts) that no context
 * renders stops the start.
 */
export class MailTemplateRegistry {
  private readonly renderers = new Map<string, MailRenderer>();
  private readonly resolvers = new Map<string, MailParamResolver>();

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
    }
    const missing = [...this.resolvers.keys(), ...Object.keys(TEMPLATE_DEFINITIONS)].filter((name) => !this.renderers.has(name));
    if (missing.length > 0) throw new Error(`No context renders the email template(s) ${[...new Set(missing)].join(', ')}`);
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
}
