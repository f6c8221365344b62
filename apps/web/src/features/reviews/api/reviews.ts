import type { CreateReviewRequest, HiddenReviewResponse, MyVoyageReviewsResponse, ReviewActionResponse, ReviewReportResponse, UpdateReviewRequest, UserReviewsResponse, UserVoyagesResponse } from '@crew/contracts';
import { reviewPaths } from '@crew/contracts/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const at = (path: string, id: string): string => path.replace('{id}', encodeURIComponent(id));

/** Whom the signed-in user may review on a voyage, and their reviews so far. */
export const myVoyageReviewsQueryOptions = (voyageId: string) =>
  queryOptions({
    queryKey: ['reviews', 'voyage', voyageId, 'mine'] as const,
    queryFn: ({ signal }) =>
      apiRequest<MyVoyageReviewsResponse>(at(reviewPaths.mine, voyageId), { schema: lazySchema((c) => c.myVoyageReviewsResponseSchema), signal }),
  });

/** A member's visible reviews (newest first, paged) with their average. */
export const userReviewsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: ['reviews', 'user', userId, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<UserReviewsResponse>(`${at(reviewPaths.userReviews, userId)}?page=${page}`, { schema: lazySchema((c) => c.userReviewsResponseSchema), signal }),
  });

/** Completed voyages a member skippered and crewed. */
export const userVoyagesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['reviews', 'user', userId, 'voyages'] as const,
    queryFn: ({ signal }) => apiRequest<UserVoyagesResponse>(at(reviewPaths.userVoyages, userId), { schema: lazySchema((c) => c.userVoyagesResponseSchema), signal }),
  });

/** Any review change refreshes review panels, profiles and the ratings voyages and applicant lists show. */
function useRefreshAfterReview() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    void queryClient.invalidateQueries({ queryKey: ['voyages'] });
  };
}

export function useCreateReview(voyageId: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) =>
      apiRequest<ReviewActionResponse>(at(reviewPaths.create, voyageId), { method: 'POST', body, schema: lazySchema((c) => c.reviewActionResponseSchema) }),
    onSuccess: refresh,
  });
}

export function useUpdateReview(reviewId: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (body: UpdateReviewRequest) =>
      apiRequest<ReviewActionResponse>(at(reviewPaths.update, reviewId), { method: 'PUT', body, schema: lazySchema((c) => c.reviewActionResponseSchema) }),
    onSuccess: refresh,
  });
}

export function useReportReview(reviewId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<ReviewReportResponse>(at(reviewPaths.report, reviewId), { method: 'POST', body: { reason }, schema: lazySchema((c) => c.reviewReportResponseSchema) }),
  });
}

export function useHideReview(reviewId: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<HiddenReviewResponse>(at(reviewPaths.hide, reviewId), { method: 'POST', body: { reason }, schema: lazySchema((c) => c.hiddenReviewResponseSchema) }),
    onSuccess: refresh,
  });
}
