import { boatListSchema, boatSchema, photoResponseSchema, type BoatRequest, type BoatResponse, type PhotoResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/session';
import { verificationStatusQueryOptions } from './profile-api';

export const boatsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'boats'] as const,
    queryFn: ({ signal }) => apiRequest<{ boats: BoatResponse[] }>(apiPaths.listBoats, { schema: boatListSchema, signal }).then((r) => r.boats),
  });

const photoForm = (file: File): FormData => {
  const form = new FormData();
  form.append('photo', file);
  return form;
};

export const uploadPhoto = (path: string, file: File): Promise<PhotoResponse> =>
  apiRequest<PhotoResponse>(path, { method: 'POST', form: photoForm(file), schema: photoResponseSchema });

export type SaveBoatOutcome = { kind: 'saved'; message: string } | { kind: 'photo-failed'; message: string };

/**
 * Saves the boat, then (a new boat needs its id first) its photo, and says
 * which of the spec's outcomes happened.
 */
export function useSaveBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, photo }: { id: string | null; body: BoatRequest; photo: File | null }): Promise<SaveBoatOutcome> => {
      const boat = id
        ? await apiRequest<BoatResponse>(apiPaths.updateBoat.replace('{id}', id), { method: 'PUT', body, schema: boatSchema })
        : await apiRequest<BoatResponse>(apiPaths.createBoat, { method: 'POST', body, schema: boatSchema });
      if (!photo) return { kind: 'saved', message: id ? 'Boat updated successfully!' : 'Boat added successfully!' };
      try {
        await uploadPhoto(apiPaths.uploadBoatPhoto.replace('{id}', boat.id), photo);
        return { kind: 'saved', message: id ? 'Boat updated successfully!' : 'Boat and photo added successfully!' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { kind: 'photo-failed', message: id ? `Failed to upload photo: ${reason}` : `Boat created successfully, but photo upload failed: ${reason}` };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: boatsQueryOptions().queryKey }),
  });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPhoto(apiPaths.uploadProfilePhoto, file),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: verificationStatusQueryOptions().queryKey });
    },
  });
}
