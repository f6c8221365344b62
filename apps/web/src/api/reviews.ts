import { reviewPaths } from '@crew/contracts/constants';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';
import { refreshVoyageViews } from './voyages';

/** GET /api/voyages/{id}/reviews/mine: whom the signed-in user may review on a voyage, and their reviews so far. */
export const myVoyageReviewsQueryOptions = (voyageId: string) => queryOptions(apiQueryOptions(reviewPaths.mine, { params: { id: voyageId } }));

/** GET /api/users/{id}/reviews: a member's visible reviews (newest first, paged) with their average. */
export const userReviewsQueryOptions = (userId: string, page: number) =>
  queryOptions(apiQueryOptions(reviewPaths.userReviews, { params: { id: userId }, query: { page }, check: false }));

/** GET /api/users/{id}/voyages: completed voyages a member skippered and crewed. */
export const userVoyagesQueryOptions = (userId: string) => queryOptions(apiQueryOptions(reviewPaths.userVoyages, { params: { id: userId }, check: false }));

/** GET /api/reviews/to-write: completed voyages on which the signed-in user may still review someone (always fetched afresh when shown). */
export const reviewsToWriteQueryOptions = () =>
  queryOptions({
    ...apiQueryOptions(reviewPaths.toWrite),
    select: (answer: ApiResponse<'GET', typeof reviewPaths.toWrite>) => answer.voyages,
    staleTime: 0,
  });

export const createReview = (voyageId: string, body: ApiBody<'POST', typeof reviewPaths.create>) => callApi('POST', reviewPaths.create, { params: { id: voyageId }, body });
export const updateReview = (reviewId: string, body: ApiBody<'PUT', typeof reviewPaths.update>) => callApi('PUT', reviewPaths.update, { params: { id: reviewId }, body });
export const reportReview = (reviewId: string, reason: string) => callApi('POST', reviewPaths.report, { params: { id: reviewId }, body: { reason } });
/** Administrators only. */
export const hideReview = (reviewId: string, reason: string) => callApi('POST', reviewPaths.hide, { params: { id: reviewId }, body: { reason } });

/** Any review change refreshes review panels, profiles' reviews and voyages, the reviews to write, and the ratings voyages and applicant lists show. */
function useRefreshAfterReview() {
  const queryClient = useQueryClient();
  return () => {
    for (const path of [reviewPaths.mine, reviewPaths.userReviews, reviewPaths.userVoyages, reviewPaths.toWrite, apiPaths.voyageApplications]) {
      void queryClient.invalidateQueries({ queryKey: apiKey(path) });
    }
    refreshVoyageViews(queryClient);
  };
}

export function useCreateReview(voyageId: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({ mutationFn: (body: ApiBody<'POST', typeof reviewPaths.create>) => createReview(voyageId, body), onSuccess: refresh });
}

export function useUpdateReview(reviewId: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({ mutationFn: (body: ApiBody<'PUT', typeof reviewPaths.update>) => updateReview(reviewId, body), onSuccess: refresh });
}

export function useReportReview(reviewId: string) {
  return useMutation({ mutationFn: (reason: string) => reportReview(reviewId, reason) });
}

export function useHideReview(reviewId: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({ mutationFn: (reason: string) => hideReview(reviewId, reason), onSuccess: refresh });
}
