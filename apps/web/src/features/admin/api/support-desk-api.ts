import {
  campaignToolPaths,
  type CampaignAudience,
  type CampaignAudienceCount,
  type CampaignDraft,
  type CampaignPreview,
  type CampaignTestSent,
} from '@crew/contracts';
import type {
  EmailTemplateList,
  EmailTemplatePreview,
  EmailTemplateSaved,
  EmailTemplateUpdate,
  KbArticle,
  KbArticleList,
  KbArticleRequest,
  KbArticleSaved,
  KbCategory,
  KbCategoryList,
  RebuildStarted,
  RecentCommunications,
  SendCampaignRequest,
  SendCampaignResponse,
  SystemHealth,
} from '@crew/contracts';
import { supportDeskPaths as paths } from '@crew/contracts/paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const withParam = (path: string, name: string, value: string): string => path.replace(`{${name}}`, encodeURIComponent(value));

/* Communications */

export const useEmailTemplates = () =>
  useQuery({ queryKey: ['admin', 'support', 'templates'] as const, queryFn: ({ signal }) => apiRequest<EmailTemplateList>(paths.emailTemplates, { signal }) });

export const useSaveTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: EmailTemplateUpdate }) =>
      apiRequest<EmailTemplateSaved>(withParam(paths.emailTemplate, 'id', id), { method: 'PUT', body: draft }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'support', 'templates'] }),
  });
};

export const useResetTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<EmailTemplateSaved>(withParam(paths.emailTemplate, 'id', id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'support', 'templates'] }),
  });
};

export const usePreviewTemplate = () =>
  useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: EmailTemplateUpdate }) =>
      apiRequest<EmailTemplatePreview>(withParam(paths.emailTemplatePreview, 'id', id), { method: 'POST', body: draft }),
  });

/** Polls every 2 s while a campaign is still queuing or sending, so progress shows live. */
export const useRecentCommunications = () =>
  useQuery({
    queryKey: ['admin', 'support', 'communications'] as const,
    queryFn: ({ signal }) => apiRequest<RecentCommunications>(paths.recentCommunications, { signal }),
    refetchInterval: (query) => (query.state.data?.communications.some((c) => c.status === 'queuing' || c.status === 'sending') ? 2_000 : false),
  });

/**
 * Sends a campaign under an Idempotency-Key naming the submission: a request
 * retried with the same key (after a timeout, a double click) answers the
 * campaign the first one created instead of sending a second.
 */
export const useSendCampaign = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ campaign, idempotencyKey }: { campaign: SendCampaignRequest; idempotencyKey: string }) =>
      apiRequest<SendCampaignResponse>(paths.sendCampaign, { method: 'POST', body: campaign, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'support', 'communications'] }),
  });
};

/** How many members the chosen audience reaches now (the count the campaign will be queued for). */
export const useCampaignAudienceCount = (audience: CampaignAudience) =>
  useQuery({
    queryKey: ['admin', 'support', 'audience-count', audience] as const,
    queryFn: ({ signal }) => apiRequest<CampaignAudienceCount>(`${campaignToolPaths.audienceCount}?audience=${encodeURIComponent(audience)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The campaign as members receive it, addressed to the signed-in administrator. */
export const usePreviewCampaign = () => useMutation({ mutationFn: (draft: CampaignDraft) => apiRequest<CampaignPreview>(campaignToolPaths.preview, { method: 'POST', body: draft }) });

/** "Send test to me": the signed-in administrator only; nothing is recorded as a campaign. */
export const useSendCampaignTest = () => useMutation({ mutationFn: (draft: CampaignDraft) => apiRequest<CampaignTestSent>(campaignToolPaths.testSend, { method: 'POST', body: draft }) });

/* Knowledge base */

export const useKbCategories = () =>
  useQuery({ queryKey: ['admin', 'support', 'kb', 'categories'] as const, queryFn: ({ signal }) => apiRequest<KbCategoryList>(paths.kbCategories, { signal }) });

export const useKbArticles = (category: string | null) =>
  useQuery({
    queryKey: ['admin', 'support', 'kb', 'articles', category] as const,
    queryFn: ({ signal }) => apiRequest<KbArticleList>(category ? `${paths.kbArticles}?category=${encodeURIComponent(category)}` : paths.kbArticles, { signal }),
  });

export const useKbArticle = (id: string | null) =>
  useQuery({
    queryKey: ['admin', 'support', 'kb', 'article', id] as const,
    queryFn: ({ signal }) => apiRequest<KbArticle>(withParam(paths.kbArticle, 'id', id ?? ''), { signal }),
    enabled: id !== null,
  });

const useKbMutation = <TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'support', 'kb'] });
      await client.invalidateQueries({ queryKey: ['help'] });
    },
  });
};

export const useSaveArticle = () =>
  useKbMutation(({ id, article }: { id: string | null; article: KbArticleRequest }) =>
    id
      ? apiRequest<KbArticleSaved>(withParam(paths.kbArticle, 'id', id), { method: 'PUT', body: article })
      : apiRequest<KbArticleSaved>(paths.kbArticles, { method: 'POST', body: article }),
  );

export const useCreateCategory = () => useKbMutation((name: string) => apiRequest<KbCategory>(paths.kbCategories, { method: 'POST', body: { name } }));

/* System health */

export const useSystemHealth = (polling: boolean) =>
  useQuery({
    queryKey: ['admin', 'support', 'health'] as const,
    queryFn: ({ signal }) => apiRequest<SystemHealth>(paths.systemHealth, { signal }),
    refetchInterval: polling ? 2_000 : 60_000,
  });

export const useRefreshHealth = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SystemHealth>(paths.systemHealthRefresh, { method: 'POST' }),
    onSuccess: (health) => client.setQueryData(['admin', 'support', 'health'], health),
  });
};

export const useRebuildProjection = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<RebuildStarted>(withParam(paths.rebuildProjection, 'name', name), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'support', 'health'] }),
  });
};
