import type { PublicProfile } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export const publicProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['members', id, 'public'] as const,
    queryFn: ({ signal }) =>
      apiRequest<PublicProfile>(apiPaths.publicProfile.replace('{id}', encodeURIComponent(id)), { schema: lazySchema((contracts) => contracts.publicProfileSchema), signal }),
  });
