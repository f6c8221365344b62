import {
  userSchema,
  verificationStatusSchema,
  type CrewExpectations,
  type CrewSkills,
  type EmergencyContact,
  type SailingExperience,
  type UpdateMeRequest,
  type UserResponse,
  type VerificationStatus,
} from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/session';

export const verificationStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'verification-status'] as const,
    queryFn: ({ signal }) => apiRequest<VerificationStatus>(apiPaths.verificationStatus, { schema: verificationStatusSchema, signal }),
  });

/** Every profile save answers with the whole user: it replaces the cached one, and trust is re-read. */
function useProfileMutation<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest<UserResponse>(path, { method: 'PUT', body, schema: userSchema }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: verificationStatusQueryOptions().queryKey });
    },
  });
}

export const useUpdateMe = () => useProfileMutation<UpdateMeRequest>(apiPaths.updateMe);

/** Drops a pending email change (its link stops working); answers with the user. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UserResponse>(apiPaths.cancelEmailChange, { method: 'DELETE', schema: userSchema }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
export const useUpdateExperience = () => useProfileMutation<SailingExperience>(apiPaths.updateExperience);
export const useUpdateEmergencyContact = () => useProfileMutation<EmergencyContact>(apiPaths.updateEmergencyContact);
export const useUpdateCrewSkills = () => useProfileMutation<CrewSkills>(apiPaths.updateCrewSkills);
export const useUpdateCrewExpectations = () => useProfileMutation<CrewExpectations>(apiPaths.updateCrewExpectations);
