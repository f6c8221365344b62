import type { CampaignAudience } from '@crew/contracts';
import { SOURCE_LOCALE, type Locale } from '@crew/rules';
import { campaignToolPaths, supportDeskPaths as paths } from '@crew/contracts/paths';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiBody } from './contract-client';

type TemplateDraft = ApiBody<'PUT', typeof paths.emailTemplate>;
type CampaignDraft = ApiBody<'POST', typeof campaignToolPaths.preview>;
type ArticleDraft = ApiBody<'POST', typeof paths.kbArticles>;

/* Communications */

/**
 * `?locale=` naming a template's version in one language; English, the API's
 * default, is asked for without it.
 */
const templateLocale = (locale: Locale) => ({ locale: locale === SOURCE_LOCALE ? undefined : locale });

/**
 * GET /api/admin/support/email-templates?locale=: the templates' versions in one language (English by default),
 * each with its variables, last use and usage count; cached per language.
 */
export const emailTemplatesQueryOptions = (locale: Locale = SOURCE_LOCALE) =>
  queryOptions({ ...apiQueryOptions(paths.emailTemplates, { query: templateLocale(locale) }), queryKey: apiKey(paths.emailTemplates, null, { locale }) });

/** GET /api/admin/support/communications/recent: polled every 2 s while a campaign is still queuing or sending, so progress shows live. */
export const recentCommunicationsQueryOptions = () =>
  queryOptions({
    ...apiQueryOptions(paths.recentCommunications),
    refetchInterval: (query) => (query.state.data?.communications.some((c) => c.status === 'queuing' || c.status === 'sending') ? 2_000 : false),
  });

/** GET /api/admin/support/campaigns/audience-count?audience=: how many members the audience reaches now (the last count stays while the next comes). */
export const campaignAudienceCountQueryOptions = (audience: CampaignAudience) =>
  queryOptions({ ...apiQueryOptions(campaignToolPaths.audienceCount, { query: { audience } }), placeholderData: keepPreviousData });

/** A template's version in one language. */
interface TemplateVersion {
  readonly id: string;
  readonly locale: Locale;
}

export const saveEmailTemplate = ({ id, locale, draft }: TemplateVersion & { draft: TemplateDraft }) =>
  callApi('PUT', paths.emailTemplate, { params: { id }, query: templateLocale(locale), body: draft });
export const resetEmailTemplate = ({ id, locale }: TemplateVersion) => callApi('DELETE', paths.emailTemplate, { params: { id }, query: templateLocale(locale) });
export const previewEmailTemplate = ({ id, locale, draft }: TemplateVersion & { draft: TemplateDraft }) =>
  callApi('POST', paths.emailTemplatePreview, { params: { id }, query: templateLocale(locale), body: draft });
/**
 * Sends a campaign under an Idempotency-Key naming the submission: a request
 * retried with the same key (after a timeout, a double click) answers the
 * campaign the first one created instead of sending a second.
 */
export const sendCampaign = ({ campaign, idempotencyKey }: { campaign: ApiBody<'POST', typeof paths.sendCampaign>; idempotencyKey: string }) =>
  callApi('POST', paths.sendCampaign, { body: campaign, headers: { 'Idempotency-Key': idempotencyKey } });
export const previewCampaign = (draft: CampaignDraft) => callApi('POST', campaignToolPaths.preview, { body: draft });
export const sendCampaignTest = (draft: CampaignDraft) => callApi('POST', campaignToolPaths.testSend, { body: draft });

/** A change to one language's version refreshes every language's list (the English text is what a language without a version shows). */
function useTemplateMutation<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey(paths.emailTemplates) }) });
}

/** PUT /api/admin/support/email-templates/{id}?locale= */
export const useSaveTemplate = () => useTemplateMutation(saveEmailTemplate);
/** DELETE /api/admin/support/email-templates/{id}?locale=: back to the text it ships with in that language. */
export const useResetTemplate = () => useTemplateMutation(resetEmailTemplate);
/** POST /api/admin/support/email-templates/{id}/preview?locale=: a draft rendered with sample values, in that language's layout. */
export const usePreviewTemplate = () => useMutation({ mutationFn: previewEmailTemplate });

/** POST /api/admin/support/send-campaign; the recent communications refresh. */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey(paths.recentCommunications) }) });
}

/** The campaign as members receive it, addressed to the signed-in administrator. */
export const usePreviewCampaign = () => useMutation({ mutationFn: previewCampaign });
/** "Send test to me": the signed-in administrator only; nothing is recorded as a campaign. */
export const useSendCampaignTest = () => useMutation({ mutationFn: sendCampaignTest });

/* Knowledge base */

/** GET /api/admin/support/knowledge-base/categories, with article counts. */
export const kbCategoriesQueryOptions = () => queryOptions(apiQueryOptions(paths.kbCategories));

/** GET /api/admin/support/knowledge-base/articles?category= (drafts included; null: every category). */
export const kbArticlesQueryOptions = (category: string | null) => queryOptions(apiQueryOptions(paths.kbArticles, { query: { category: category ?? undefined } }));

/** GET /api/admin/support/knowledge-base/articles/{id}: one article with its text. */
export const kbArticleQueryOptions = (id: string) => queryOptions(apiQueryOptions(paths.kbArticle, { params: { id } }));

export const createKbArticle = (article: ArticleDraft) => callApi('POST', paths.kbArticles, { body: article });
export const updateKbArticle = ({ id, article }: { id: string; article: ArticleDraft }) => callApi('PUT', paths.kbArticle, { params: { id }, body: article });
export const createKbCategory = (name: string) => callApi('POST', paths.kbCategories, { body: { name } });

/** A knowledge base change refreshes the admin lists and the Help centre's. */
function useKbMutation<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(
        [paths.kbCategories, paths.kbArticles, paths.kbArticle, paths.helpCategories, paths.helpArticles, paths.helpArticle].map((path) =>
          queryClient.invalidateQueries({ queryKey: apiKey(path) }),
        ),
      );
    },
  });
}

/** POST /api/admin/support/knowledge-base/articles */
export const useCreateKbArticle = () => useKbMutation(createKbArticle);
/** PUT /api/admin/support/knowledge-base/articles/{id} */
export const useUpdateKbArticle = () => useKbMutation(updateKbArticle);
/** POST /api/admin/support/knowledge-base/categories {name} */
export const useCreateKbCategory = () => useKbMutation(createKbCategory);

/* System health */

/** GET /api/admin/support/system-health: every minute, or every 2 s while `polling` (a rebuild running). */
export const systemHealthQueryOptions = (polling = false) => queryOptions({ ...apiQueryOptions(paths.systemHealth), refetchInterval: polling ? 2_000 : 60_000 });

/** POST /api/admin/support/system-health/refresh: checks every service now; the answer replaces the cards. */
export function useRefreshHealth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('POST', paths.systemHealthRefresh),
    onSuccess: (health) => queryClient.setQueryData(systemHealthQueryOptions().queryKey, health),
  });
}

/** POST /api/admin/support/projections/{name}/rebuild */
export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi('POST', paths.rebuildProjection, { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey(paths.systemHealth) }),
  });
}
