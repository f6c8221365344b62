import type { HelpArticleDetail, HelpArticleList, HelpVoteResponse, KbCategoryList } from '@crew/contracts';
import { supportDeskPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every published article (the Help centre filters them in the page, as you type). */
export const helpArticlesQueryOptions = () =>
  queryOptions({
    queryKey: ['help', 'articles'] as const,
    queryFn: ({ signal }) => apiRequest<HelpArticleList>(supportDeskPaths.helpArticles, { signal }),
    staleTime: 60_000,
  });
export const useHelpArticles = () => useQuery(helpArticlesQueryOptions());

export const useHelpCategories = () =>
  useQuery({
    queryKey: ['help', 'categories'] as const,
    queryFn: ({ signal }) => apiRequest<KbCategoryList>(supportDeskPaths.helpCategories, { signal }),
    staleTime: 60_000,
  });

export const useHelpArticle = (slug: string) =>
  useQuery({
    queryKey: ['help', 'article', slug] as const,
    queryFn: ({ signal }) => apiRequest<HelpArticleDetail>(supportDeskPaths.helpArticle.replace('{slug}', encodeURIComponent(slug)), { signal }),
    retry: false,
  });

const VOTER_KEY = 'crew.help.voter';
/** A random id this browser keeps, so a reader has one vote per article (which they may change). */
const voterId = (): string => {
  let id = window.localStorage.getItem(VOTER_KEY);
  if (!id) {
    id = crypto.randomUUID();
    window.localStorage.setItem(VOTER_KEY, id);
  }
  return id;
};

export const useVoteOnArticle = (slug: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean) =>
      apiRequest<HelpVoteResponse>(supportDeskPaths.helpArticleVote.replace('{slug}', encodeURIComponent(slug)), { method: 'POST', body: { helpful, voter: voterId() } }),
    onSuccess: (counts) =>
      client.setQueryData<HelpArticleDetail>(['help', 'article', slug], (article) => (article ? { ...article, helpful_count: counts.helpful_count, total_votes: counts.total_votes } : article)),
  });
};

export const useUnsubscribe = () =>
  useMutation({ mutationFn: (link: { user: string; token: string }) => apiRequest<{ message: string }>(supportDeskPaths.unsubscribe, { method: 'POST', body: link }) });
