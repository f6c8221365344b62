import type { KbArticleSummary, KbCategory } from '@crew/contracts';
import { KB_BODY, KB_CATEGORY_NAME, KB_SUMMARY, KB_TITLE } from '@crew/contracts/constants';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Markdown } from '../../../components/ui/Markdown';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { refusesAnyField, serverFieldErrors } from '../../../lib/form-errors';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import './support-desk.css';
import { formatNumber } from '../../../lib/format';
import { formatDay } from './admin-format';
import {
  kbArticleQueryOptions,
  kbArticlesQueryOptions,
  kbCategoriesQueryOptions,
  useCreateKbArticle,
  useCreateKbCategory,
  useUpdateKbArticle,
} from '../../../api/admin-support-desk';

const date = (iso: string): string => formatDay(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric' });

function ArticleEditor({
  id,
  categories,
  defaultCategory,
  onClose,
}: {
  id: string | null;
  categories: readonly KbCategory[];
  defaultCategory: string | null;
  onClose: () => void;
}) {
  const existing = useQuery({ ...kbArticleQueryOptions(id ?? ''), enabled: id !== null });
  if (id && existing.isPending) return null;
  const article = existing.data;
  return (
    <ArticleForm
      key={article?.id ?? 'new'}
      id={id}
      categories={categories}
      initial={{
        title: article?.title ?? '',
        summary: article?.summary ?? '',
        body: article?.body ?? '',
        category_id: article?.category_id ?? defaultCategory ?? categories[0]?.id ?? '',
        published: article?.published ?? true,
      }}
      onClose={onClose}
    />
  );
}

function ArticleForm({
  id,
  categories,
  initial,
  onClose,
}: {
  id: string | null;
  categories: readonly KbCategory[];
  initial: { title: string; summary: string; body: string; category_id: string; published: boolean };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const form = useContractForm((contracts) => contracts.kbArticleRequestSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const body = form.watch('body');
  const [showPreview, setShowPreview] = useState(false);
  const create = useCreateKbArticle();
  const update = useUpdateKbArticle();
  const save = id ? update : create;
  const fields = ['title', 'summary', 'category_id', 'body', 'published'] as const;
  const messages = Object.fromEntries(fields.map((field) => [field, fieldMessage(errors, field, save.error)])) as Record<(typeof fields)[number], string | undefined>;
  const refusedAField = refusesAnyField(save.error, fields);
  const submit = form.handleSubmit((article) => {
    if (id) update.mutate({ id, article }, { onSuccess: onClose });
    else create.mutate(article, { onSuccess: onClose });
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog support-dialog" aria-describedby={undefined}>
          <Dialog.Title>{id ? t`Edit article` : t`New article`}</Dialog.Title>
          <form
            className="form"
            onSubmit={(event) => {
              // The last save's refusal is about that attempt; a new attempt starts without it.
              save.reset();
              void submit(event);
            }}
            noValidate
          >
            <label className="field">
              <span>
                <Trans>Title</Trans>
              </span>
              <input maxLength={KB_TITLE.max} {...form.register('title')} {...describedBy(`${formId}-title`, messages.title)} />
            </label>
            <FieldMessage id={`${formId}-title`} message={messages.title} />
            <label className="field">
              <span>
                <Trans>Summary</Trans>
              </span>
              <input maxLength={KB_SUMMARY.max} {...form.register('summary')} {...describedBy(`${formId}-summary`, messages.summary)} />
            </label>
            <FieldMessage id={`${formId}-summary`} message={messages.summary} />
            <label className="field">
              <span>
                <Trans>Category</Trans>
              </span>
              <select {...form.register('category_id')} {...describedBy(`${formId}-category`, messages.category_id)}>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <FieldMessage id={`${formId}-category`} message={messages.category_id} />
            <label className="field">
              <span>
                <Trans>Article (Markdown: # headings, **bold**, *italic*, - lists, [links](/voyages))</Trans>
              </span>
              <textarea rows={12} maxLength={KB_BODY.max} {...form.register('body')} {...describedBy(`${formId}-body`, messages.body)} />
            </label>
            <FieldMessage id={`${formId}-body`} message={messages.body} />
            <label className="field field--inline">
              <input type="checkbox" {...form.register('published')} /> <Trans>Published in the Help Centre</Trans>
            </label>
            {showPreview && <Markdown source={body} className="card support-preview" />}
            {save.error && !refusedAField && (
              <p className="form__error" role="alert">
                {save.error.message}
              </p>
            )}
            <div className="actions actions--end">
              <button type="button" className="button button--secondary" onClick={() => setShowPreview((v) => !v)}>
                {showPreview ? t`Hide preview` : t`Preview`}
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  <Trans>Cancel</Trans>
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {save.isPending ? t`Saving…` : t`Save article`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ArticleStats({ article, onClose }: { article: KbArticleSummary; onClose: () => void }) {
  const { t } = useLingui();
  const share = article.total_votes > 0 ? Math.round((100 * article.helpful_count) / article.total_votes) : null;
  const title = article.title;
  const helpful = article.helpful_count;
  const votes = article.total_votes;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--narrow" aria-describedby={undefined}>
          <Dialog.Title>{t`Stats: ${title}`}</Dialog.Title>
          <dl className="support-stats">
            <dt>
              <Trans>Views</Trans>
            </dt>
            <dd>{formatNumber(article.view_count)}</dd>
            <dt>
              <Trans>Found it helpful</Trans>
            </dt>
            <dd>
              {share === null
                ? t`${helpful} of ${plural(votes, { one: '# vote', other: '# votes' })}`
                : t`${helpful} of ${plural(votes, { one: '# vote', other: '# votes' })} (${share} %)`}
            </dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>{article.published ? t`Published` : t({ message: 'Draft', context: 'article' })}</dd>
            <dt>
              <Trans>Updated</Trans>
            </dt>
            <dd>{date(article.updated_at)}</dd>
          </dl>
          <p className="support-muted">
            <Trans>Views count readers who opened the article on its own page; votes are one per browser.</Trans>
          </p>
          <div className="actions actions--end">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                <Trans>Close</Trans>
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Support → Knowledge Base: category tabs with counts, article cards, create, edit and stats. */
export function SupportKnowledgeBaseTab() {
  const { t } = useLingui();
  const categories = useQuery(kbCategoriesQueryOptions());
  const [category, setCategory] = useState<string | null>(null);
  const articles = useQuery(kbArticlesQueryOptions(category));
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [stats, setStats] = useState<KbArticleSummary | null>(null);
  const id = useId();
  const createCategory = useCreateKbCategory();
  const categoryForm = useContractForm((contracts) => contracts.kbCategoryRequestSchema, { defaultValues: { name: '' } });
  const categoryMessage = fieldMessage(categoryForm.formState.errors, 'name', createCategory.error);
  const serverCategoryMessage = serverFieldErrors(createCategory.error)['name'];
  const addCategory = categoryForm.handleSubmit(({ name }) => createCategory.mutate(name, { onSuccess: () => categoryForm.reset({ name: '' }) }));
  const all = categories.data?.categories ?? [];
  const total = all.reduce((sum, c) => sum + c.article_count, 0);

  return (
    <div className="support-tab">
      <div className="support-tab__header">
        <h2>
          <Trans>Knowledge base</Trans>
        </h2>
        <button type="button" className="button button--primary" disabled={all.length === 0} onClick={() => setEditing({ id: null })}>
          <Trans>New article</Trans>
        </button>
      </div>
      {categories.isError && <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />}
      <div className="filter-buttons" role="group" aria-label={t`Article categories`}>
        <button type="button" className="chip" aria-pressed={category === null} onClick={() => setCategory(null)}>
          <Trans>All ({total})</Trans>
        </button>
        {all.map((c) => (
          <button key={c.id} type="button" className="chip" aria-pressed={category === c.id} onClick={() => setCategory(c.id)}>
            {c.name} ({c.article_count})
          </button>
        ))}
      </div>
      <form
        className="support-inline-form"
        onSubmit={(event) => {
          // The last attempt's refusal is about that attempt; a new attempt starts without it.
          createCategory.reset();
          void addCategory(event);
        }}
        noValidate
      >
        <input
          aria-label={t`New category name`}
          placeholder={t`New category`}
          maxLength={KB_CATEGORY_NAME.max}
          {...categoryForm.register('name')}
          {...describedBy(`${id}-category-name`, categoryMessage)}
        />
        <button type="submit" className="button button--secondary" disabled={createCategory.isPending}>
          <Trans>Add category</Trans>
        </button>
        <FieldMessage id={`${id}-category-name`} message={categoryMessage} />
        {createCategory.error && !serverCategoryMessage && (
          <span role="alert" className="form__error">
            {createCategory.error.message}
          </span>
        )}
      </form>

      {articles.isPending ? (
        <LoadingState />
      ) : articles.isError ? (
        <ErrorState message={articles.error.message} onRetry={() => void articles.refetch()} />
      ) : articles.data.articles.length === 0 ? (
        <EmptyState title={t`No articles in this category yet`} />
      ) : (
        <ul className="support-cards">
          {articles.data.articles.map((a) => {
            const title = a.title;
            const views = a.view_count;
            const helpfulCount = a.helpful_count;
            const totalVotes = a.total_votes;
            const updated = date(a.updated_at);
            return (
              <li key={a.id} className="card support-card" data-article={a.title}>
                <h3>{a.title}</h3>
                {a.summary && <p className="support-muted">{a.summary}</p>}
                <p className="support-figures">
                  <span>{a.category}</span>
                  <span>
                    <Plural value={views} one="# view" other="# views" />
                  </span>
                  <span>
                    <Trans>
                      {helpfulCount}/{totalVotes} helpful
                    </Trans>
                  </span>
                  <span>
                    <Trans>Updated {updated}</Trans>
                  </span>
                  {!a.published && <span className="badge">{t({ message: 'Draft', context: 'article' })}</span>}
                </p>
                <div className="actions">
                  <button type="button" className="button button--secondary" onClick={() => setEditing({ id: a.id })} aria-label={t`Edit ${title}`}>
                    <Trans>Edit</Trans>
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setStats(a)} aria-label={t`Stats of ${title}`}>
                    <Trans>Stats</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && <ArticleEditor id={editing.id} categories={all} defaultCategory={category} onClose={() => setEditing(null)} />}
      {stats && <ArticleStats article={stats} onClose={() => setStats(null)} />}
    </div>
  );
}
