import { CAMPAIGN_AUDIENCES, type CampaignAudience, type Communication, type EmailTemplate } from '@crew/contracts';
import { CAMPAIGN_MESSAGE, CAMPAIGN_SUBJECT, TEMPLATE_ACTION, TEMPLATE_BODY, TEMPLATE_SUBJECT } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { SOURCE_LOCALE, type Locale } from '@crew/rules';
import { useEffect, useId, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { refusesAnyField } from '../../../lib/form-errors';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import './support-desk.css';
import { formatMoment } from './admin-format';
import { formatNumber } from '../../../lib/format';
import { NoVersionBadge, NoVersionNotice, TemplateLanguageSelect } from './support-template-language';
import {
  campaignAudienceCountQueryOptions,
  emailTemplatesQueryOptions,
  recentCommunicationsQueryOptions,
  usePreviewCampaign,
  usePreviewTemplate,
  useResetTemplate,
  useSaveTemplate,
  useSendCampaign,
  useSendCampaignTest,
} from '../../../api/admin-support-desk';

const AUDIENCE_LABELS = {
  all_users: msg({ message: 'All users', context: 'campaign audience' }),
  skippers: msg({ message: 'Skippers', context: 'campaign audience' }),
  crew: msg({ message: 'Crew', context: 'campaign audience' }),
  premium: msg({ message: 'Premium crew', context: 'campaign audience' }),
  free: msg({ message: 'Free crew', context: 'campaign audience' }),
} satisfies Record<CampaignAudience, MessageDescriptor>;

/** A campaign's state as its badge names it. */
const CAMPAIGN_STATUS = {
  queuing: msg({ message: 'queuing', context: 'campaign status' }),
  sending: msg({ message: 'sending', context: 'campaign status' }),
  sent: msg({ message: 'sent', context: 'campaign status' }),
  failed: msg({ message: 'failed', context: 'campaign status' }),
} satisfies Record<Communication['status'], MessageDescriptor>;

const when = (iso: string | null): string => (iso ? formatMoment(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : t`Never`);

/**
 * The editor of one template, on its version in the chosen language (the
 * language can be changed here too, while nothing is left unsaved). A
 * language with no version of its own says so and starts from the English
 * text its members get until one is saved.
 */
function TemplateEditor({ template, locale, onLocaleChange, onClose }: { template: EmailTemplate; locale: Locale; onLocaleChange: (locale: Locale) => void; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const templateName = template.name;
  const versions = useQuery(emailTemplatesQueryOptions(locale));
  const version = versions.data?.templates.find((candidate) => candidate.id === template.id);
  const [unsaved, setUnsaved] = useState(false);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog support-dialog" aria-describedby={undefined}>
          <Dialog.Title>{t`Edit template: ${templateName}`}</Dialog.Title>
          <div className="form">
            <TemplateLanguageSelect
              id={`${id}-language`}
              locale={locale}
              onChange={onLocaleChange}
              lockedHint={unsaved ? t`Save or cancel your changes to switch to another language.` : undefined}
            />
            {version ? (
              <TemplateForm key={locale} template={version} locale={locale} onUnsavedChange={setUnsaved} onClose={onClose} />
            ) : versions.isError ? (
              <ErrorState message={versions.error.message} onRetry={() => void versions.refetch()} />
            ) : (
              <LoadingState />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A mail as the API would send it: its subject and its plain text. */
function MailPreview({ label, mail }: { label: string; mail: { subject: string; text: string } }) {
  return (
    <section className="support-preview" aria-label={label}>
      <p>
        <strong>
          <Trans>Subject:</Trans>
        </strong>{' '}
        {mail.subject}
      </p>
      <pre>{mail.text}</pre>
    </section>
  );
}

function TemplateForm({
  template,
  locale,
  onUnsavedChange,
  onClose,
}: {
  template: EmailTemplate;
  locale: Locale;
  onUnsavedChange: (unsaved: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const form = useContractForm((contracts) => contracts.emailTemplateUpdateSchema, {
    defaultValues: { subject: template.subject, body: template.body, action_label: template.action_label ?? '', action_url: template.action_url ?? '' },
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => onUnsavedChange(isDirty), [isDirty, onUnsavedChange]);
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const preview = usePreviewTemplate();
  const draftOf = (values: { subject: string; body: string; action_label?: string | null; action_url?: string | null }) => ({
    subject: values.subject,
    body: values.body,
    action_label: values.action_label || null,
    action_url: values.action_url || null,
  });
  const error = save.error ?? preview.error ?? reset.error;
  const fields = ['subject', 'body', 'action_label', 'action_url'] as const;
  const messages = Object.fromEntries(fields.map((field) => [field, fieldMessage(errors, field, save.error)])) as Record<(typeof fields)[number], string | undefined>;

  const submit = form.handleSubmit((values) => save.mutate({ id: template.id, locale, draft: draftOf(values) }, { onSuccess: onClose }));

  return (
    <form
      className="form"
      onSubmit={(event) => {
        // The last save's refusal is about that attempt; a new attempt starts without it.
        save.reset();
        void submit(event);
      }}
      noValidate
    >
      {template.fallback && <NoVersionNotice locale={locale} />}
      <p className="support-muted">{template.description}</p>
      <label className="field">
        <span>
          <Trans>Subject</Trans>
        </span>
        <input maxLength={TEMPLATE_SUBJECT.max} {...form.register('subject')} {...describedBy(`${id}-subject`, messages.subject)} />
      </label>
      <FieldMessage id={`${id}-subject`} message={messages.subject} />
      <label className="field">
        <span>
          <Trans>Message (paragraphs separated by a blank line)</Trans>
        </span>
        <textarea rows={9} maxLength={TEMPLATE_BODY.max} {...form.register('body')} {...describedBy(`${id}-body`, messages.body)} />
      </label>
      <FieldMessage id={`${id}-body`} message={messages.body} />
      {template.action_url !== null && (
        <div className="support-row">
          <div>
            <label className="field">
              <span>
                <Trans>Button label</Trans>
              </span>
              <input maxLength={TEMPLATE_ACTION.labelMax} {...form.register('action_label')} {...describedBy(`${id}-action-label`, messages.action_label)} />
            </label>
            <FieldMessage id={`${id}-action-label`} message={messages.action_label} />
          </div>
          <div>
            <label className="field">
              <span>
                <Trans>Button link</Trans>
              </span>
              <input maxLength={TEMPLATE_ACTION.urlMax} {...form.register('action_url')} {...describedBy(`${id}-action-url`, messages.action_url)} />
            </label>
            <FieldMessage id={`${id}-action-url`} message={messages.action_url} />
          </div>
        </div>
      )}
      <div className="support-variables">
        <strong>
          <Trans>Variables this template accepts</Trans>
        </strong>
        <ul>
          {template.variables.map((v) => (
            <li key={v.name}>
              <code>{`{{${v.name}}}`}</code> {v.description}
            </li>
          ))}
        </ul>
        <p className="support-muted">
          <Trans>A paragraph whose variables are all empty is left out.</Trans>
          {template.category === 'marketing' && (
            <>
              {' '}
              <Trans>An unsubscribe link is always added to campaign mail.</Trans>
            </>
          )}
        </p>
      </div>
      {error && !(error === save.error && refusesAnyField(error, fields)) && (
        <p className="form__error" role="alert">
          {error.message}
        </p>
      )}
      {preview.data && <MailPreview label={t`Preview`} mail={preview.data} />}
      <div className="actions actions--end">
        {/* A language without a version of its own has nothing of its own to restore. */}
        {template.customized && !template.fallback && (
          <button type="button" className="button button--secondary" disabled={reset.isPending} onClick={() => reset.mutate({ id: template.id, locale }, { onSuccess: onClose })}>
            <Trans>Restore original</Trans>
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={preview.isPending}
          onClick={() => preview.mutate({ id: template.id, locale, draft: draftOf(form.getValues()) })}
        >
          <Trans>Preview</Trans>
        </button>
        <Dialog.Close asChild>
          <button type="button" className="button button--secondary">
            <Trans>Cancel</Trans>
          </button>
        </Dialog.Close>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save template`}
        </button>
      </div>
    </form>
  );
}

/**
 * Send Email Campaign: the audience with how many members it reaches now
 * (counted by the server), a preview of the mail as they receive it, a test
 * to oneself, and Send, which names the count it sends to.
 */
export function CampaignDialog({ templates, initialTemplate, onClose }: { templates: readonly EmailTemplate[]; initialTemplate: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const form = useContractForm((contracts) => contracts.sendCampaignRequestSchema, {
    defaultValues: { audience: 'all_users', subject: '', template: initialTemplate, message: '' },
  });
  const { errors } = form.formState;
  const [audience, subject, template, message] = form.watch(['audience', 'subject', 'template', 'message']);
  const send = useSendCampaign();
  const count = useQuery(campaignAudienceCountQueryOptions(audience));
  const preview = usePreviewCampaign();
  const test = useSendCampaignTest();
  const draft = { subject: subject.trim(), template: template ?? initialTemplate, message: message.trim() };
  const complete = draft.subject.length > 0 && draft.message.length > 0;
  const recipients = count.data && !count.isPlaceholderData ? count.data.recipients : null;
  const testMessage = test.data?.message ?? '';
  const toolError = preview.error ?? test.error;
  const messages = { subject: fieldMessage(errors, 'subject', send.error), message: fieldMessage(errors, 'message', send.error) };
  const failure = send.error && refusesAnyField(send.error, ['audience', 'subject', 'template', 'message']) ? toolError : (send.error ?? toolError);
  // One key per submission of this content: sending it again (a retry after a timeout, a second click) is the same
  // campaign; changing anything makes a new submission.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [audience, subject, template, message]);
  const submit = form.handleSubmit((campaign) => send.mutate({ campaign, idempotencyKey }, { onSuccess: onClose }));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog support-dialog" aria-describedby={undefined}>
          <Dialog.Title>
            <Trans>Send Email Campaign</Trans>
          </Dialog.Title>
          <form
            className="form"
            onSubmit={(event) => {
              // The last send's refusal is about that attempt; a new attempt starts without it.
              send.reset();
              void submit(event);
            }}
            noValidate
          >
            <label className="field">
              <span>
                <Trans>Audience</Trans>
              </span>
              <select {...form.register('audience')} aria-describedby="campaign-audience-count">
                {CAMPAIGN_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {i18n._(AUDIENCE_LABELS[a])}
                  </option>
                ))}
              </select>
            </label>
            <p id="campaign-audience-count" className="support-muted" role="status">
              {count.isError
                ? t`The audience could not be counted`
                : recipients === null
                  ? t`Counting the audience…`
                  : t`Reaches ${plural(recipients, { one: '# member', other: '# members' })} now`}
            </p>
            <label className="field">
              <span>
                <Trans>Subject</Trans>
              </span>
              <input maxLength={CAMPAIGN_SUBJECT.max} {...form.register('subject')} {...describedBy(`${id}-subject`, messages.subject)} />
            </label>
            <FieldMessage id={`${id}-subject`} message={messages.subject} />
            <label className="field">
              <span>
                <Trans>Template</Trans>
              </span>
              <select {...form.register('template')}>
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>
                <Trans>Message</Trans>
              </span>
              <textarea rows={8} maxLength={CAMPAIGN_MESSAGE.max} {...form.register('message')} {...describedBy(`${id}-message`, messages.message)} />
            </label>
            <FieldMessage id={`${id}-message`} message={messages.message} />
            <p className="support-muted">
              <Trans>One mail per recipient. Members who unsubscribed or turned news mail off are left out, and every mail carries an unsubscribe link.</Trans>
            </p>
            {failure && (
              <p className="form__error" role="alert">
                {failure.message}
              </p>
            )}
            {test.data && !test.isPending && (
              <p className="support-muted" role="status">
                {t`${testMessage}. It is not counted as a campaign.`}
              </p>
            )}
            {preview.data && <MailPreview label={t`Campaign preview`} mail={preview.data} />}
            <div className="actions actions--end">
              <button type="button" className="button button--secondary" disabled={!complete || preview.isPending} onClick={() => preview.mutate(draft)}>
                {preview.isPending ? t`Rendering…` : t`Preview`}
              </button>
              <button type="button" className="button button--secondary" disabled={!complete || test.isPending} onClick={() => test.mutate(draft)}>
                {test.isPending ? t`Sending test…` : t`Send test to me`}
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  <Trans>Cancel</Trans>
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={send.isPending || recipients === 0}>
                {send.isPending ? t`Sending…` : recipients === null ? t`Send campaign` : t`Send to ${plural(recipients, { one: '# member', other: '# members' })}`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Support → Communications: email templates, recent campaigns with live progress, and the Send Email Campaign modal. */
export function SupportCommunicationsTab() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [locale, setLocale] = useState<Locale>(SOURCE_LOCALE);
  const templates = useQuery(emailTemplatesQueryOptions(locale));
  const recent = useQuery(recentCommunicationsQueryOptions());
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [campaign, setCampaign] = useState<string | null>(null);
  const campaignTemplates = templates.data?.templates.filter((t) => t.category === 'marketing') ?? [];

  return (
    <div className="support-tab">
      <div className="support-tab__header">
        <h2>
          <Trans>Email templates</Trans>
        </h2>
        <TemplateLanguageSelect id={`${id}-language`} locale={locale} onChange={setLocale} />
        <button type="button" className="button button--primary" disabled={campaignTemplates.length === 0} onClick={() => setCampaign('campaign')}>
          <Trans>Send Email Campaign</Trans>
        </button>
      </div>
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState message={templates.error.message} onRetry={() => void templates.refetch()} />
      ) : (
        <ul className="support-cards">
          {templates.data.templates.map((template) => {
            const name = template.name;
            const lastUsed = when(template.last_used);
            const uses = template.usage_count;
            return (
              <li key={template.id} className="card support-card">
                <h3>{template.name}</h3>
                <p className="support-muted">{template.description}</p>
                <p className="support-figures">
                  <span>{t`Last used: ${lastUsed}`}</span>
                  <span>{t`Used ${plural(uses, { one: '# time', other: '# times' })}`}</span>
                  {template.fallback ? (
                    <NoVersionBadge locale={locale} />
                  ) : (
                    template.customized && (
                      <span className="badge">
                        <Trans>Edited</Trans>
                      </span>
                    )
                  )}
                </p>
                <div className="actions">
                  <button type="button" className="button button--secondary" onClick={() => setEditing(template)} aria-label={t`Edit ${name}`}>
                    <Trans>Edit</Trans>
                  </button>
                  {template.category === 'marketing' && (
                    <button type="button" className="button button--secondary" onClick={() => setCampaign(template.id)} aria-label={t`Use ${name}`}>
                      <Trans>Use</Trans>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <h2>
        <Trans>Recent communications</Trans>
      </h2>
      <p className="support-muted">
        <Trans>Opened counts mails whose tracking image loaded; many mail clients block images, so the real figure is higher.</Trans>
      </p>
      {recent.isPending ? (
        <LoadingState />
      ) : recent.isError ? (
        <ErrorState message={recent.error.message} onRetry={() => void recent.refetch()} />
      ) : recent.data.communications.length === 0 ? (
        <EmptyState title={t`No campaigns sent yet`} />
      ) : (
        <table className="support-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Subject</Trans>
              </th>
              <th scope="col">
                <Trans>Recipients</Trans>
              </th>
              <th scope="col">
                <Trans>Sent</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Sent count</Trans>
              </th>
              <th scope="col">
                <Trans>Opened</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {recent.data.communications.map((c) => {
              const queued = formatNumber(c.queued);
              const failed = c.failed_count;
              const skipped = c.skipped_count;
              return (
                <tr key={c.id} data-communication={c.subject}>
                  <td>{c.subject}</td>
                  <td>{c.recipient_info}</td>
                  <td>{when(c.sent_at)}</td>
                  <td>
                    <span className={`badge badge--${c.status}`}>{i18n._(CAMPAIGN_STATUS[c.status])}</span>
                    {c.status !== 'sent' && <span className="support-muted"> {t`${queued} queued`}</span>}
                  </td>
                  <td>
                    {formatNumber(c.sent_count)}
                    {c.failed_count > 0 && <span className="support-warning"> · {t`${failed} failed`}</span>}
                    {c.skipped_count > 0 && <span className="support-muted"> · {t`${skipped} unsubscribed`}</span>}
                  </td>
                  <td>{formatNumber(c.opened_count)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {editing && <TemplateEditor template={editing} locale={locale} onLocaleChange={setLocale} onClose={() => setEditing(null)} />}
      {campaign && <CampaignDialog templates={campaignTemplates} initialTemplate={campaign} onClose={() => setCampaign(null)} />}
    </div>
  );
}
