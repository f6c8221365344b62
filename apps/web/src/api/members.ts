import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiQueryOptions } from './contract-client';

/** GET /api/users/{id}/public: a member's public fields (no email, phone or emergency contact). */
export const publicProfileQueryOptions = (id: string) => queryOptions(apiQueryOptions(apiPaths.publicProfile, { params: { id }, check: false }));
