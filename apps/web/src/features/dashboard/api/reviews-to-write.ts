import { reviewPaths, type ReviewsToWriteResponse } from '@crew/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/**
 * GET /api/reviews/to-write: completed voyages on which the signed-in user may
 * still review someone. Under the ['reviews'] key, so writing a review anywhere
 * refreshes it; completing a voyage invalidates it too (my-voyages.ts).
 */
export const reviewsToWriteQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'to-write'] as const,
    queryFn: ({ signal }) => apiRequest<ReviewsToWriteResponse>(reviewPaths.toWrite, { schema: lazySchema((c) => c.reviewsToWriteResponseSchema), signal }).then((r) => r.voyages),
    staleTime: 0,
  });
