import type { Locale } from '@crew/rules/locales';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/session';
import { photoForm } from './boats';
import { apiKey, apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';

/** GET /api/profile/verification-status: the signed-in member's trust level, points and checks. */
export const verificationStatusQueryOptions = () => queryOptions(apiQueryOptions(apiPaths.verificationStatus));

type User = ApiResponse<'GET', typeof apiPaths.me>;

/** Every profile save answers with the whole user: it replaces the cached one, and trust is read again. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(meQueryOptions().queryKey, user);
    void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.verificationStatus) });
  };
}

/** PUT /api/users/me: name, email (with the current password; pending until its link is opened) and phone. */
export const updateMe = (body: ApiBody<'PUT', typeof apiPaths.updateMe>) => callApi('PUT', apiPaths.updateMe, { body });
/** PUT /api/profile/update-experience. */
export const updateExperience = (body: ApiBody<'PUT', typeof apiPaths.updateExperience>) => callApi('PUT', apiPaths.updateExperience, { body });
/** PUT /api/profile/update-emergency-contact. */
export const updateEmergencyContact = (body: ApiBody<'PUT', typeof apiPaths.updateEmergencyContact>) => callApi('PUT', apiPaths.updateEmergencyContact, { body });
/** PUT /api/profile/update-crew-skills (crew or both). */
export const updateCrewSkills = (body: ApiBody<'PUT', typeof apiPaths.updateCrewSkills>) => callApi('PUT', apiPaths.updateCrewSkills, { body });
/** PUT /api/profile/update-crew-expectations (skipper or both). */
export const updateCrewExpectations = (body: ApiBody<'PUT', typeof apiPaths.updateCrewExpectations>) => callApi('PUT', apiPaths.updateCrewExpectations, { body });
/** DELETE /api/users/me/pending-email: drops a pending email change (its link stops working); answers with the user. */
export const cancelEmailChange = () => callApi('DELETE', apiPaths.cancelEmailChange);
/** POST /api/profile/upload-photo: the profile photo (multipart field "photo"). */
export const uploadProfilePhoto = (file: File) => callApi('POST', apiPaths.uploadProfilePhoto, { form: photoForm(file) });

export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, onSuccess: useProfileSaved() });
}

export function useUpdateExperience() {
  return useMutation({ mutationFn: updateExperience, onSuccess: useProfileSaved() });
}

export function useUpdateEmergencyContact() {
  return useMutation({ mutationFn: updateEmergencyContact, onSuccess: useProfileSaved() });
}

export function useUpdateCrewSkills() {
  return useMutation({ mutationFn: updateCrewSkills, onSuccess: useProfileSaved() });
}

export function useUpdateCrewExpectations() {
  return useMutation({ mutationFn: updateCrewExpectations, onSuccess: useProfileSaved() });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelEmailChange, onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user) });
}

/** A new photo changes the user (its address) and a trust check. */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.verificationStatus) });
    },
  });
}

/** PUT /api/users/me with the member's language only: mail and signed-in screens follow it. */
export const saveLocale = (locale: Locale) => callApi('PUT', apiPaths.updateMe, { body: { locale } });
