import { supportDeskPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';

// The Help centre is a first-visit page: paths come from the zod-free entry, answers are checked with the lazily loaded contracts.

/** GET /api/help/articles: every published article (the Help centre filters them in the page, as you type). */
export const helpArticlesQueryOptions = () => queryOptions({ ...apiQueryOptions(supportDeskPaths.helpArticles, { check: false }), staleTime: 60_000 });

/** GET /api/help/categories: the categories with their published article counts. */
export const helpCategoriesQueryOptions = () => queryOptions({ ...apiQueryOptions(supportDeskPaths.helpCategories, { check: false }), staleTime: 60_000 });

/** GET /api/help/articles/{slug}: one published article (counts a view). */
export const helpArticleQueryOptions = (slug: string) => queryOptions({ ...apiQueryOptions(supportDeskPaths.helpArticle, { params: { slug }, check: false }), retry: false });

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

/** POST /api/help/articles/{slug}/vote: "Was this helpful?" as this browser's reader. */
export const voteOnArticle = (slug: string, helpful: boolean) => callApi('POST', supportDeskPaths.helpArticleVote, { params: { slug }, body: { helpful, voter: voterId() } });

export function useVoteOnArticle(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean) => voteOnArticle(slug, helpful),
    onSuccess: (counts) =>
      client.setQueryData<ApiResponse<'GET', typeof supportDeskPaths.helpArticle>>(helpArticleQueryOptions(slug).queryKey, (article) =>
        article ? { ...article, helpful_count: counts.helpful_count, total_votes: counts.total_votes } : article,
      ),
  });
}

/** POST /api/mail/unsubscribe: stop campaign mail with the signed link of a mail. */
export const unsubscribe = (link: ApiBody<'POST', typeof supportDeskPaths.unsubscribe>) => callApi('POST', supportDeskPaths.unsubscribe, { body: link });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
