import { t } from '@lingui/core/macro';
import type { BoatRequest, BoatResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi } from './contract-client';

/** GET /api/profile/boats: the signed-in member's boats (the profile's Boats tab and the voyage form, one cache entry). */
export const myBoatsQueryOptions = () => queryOptions({ ...apiQueryOptions(apiPaths.listBoats), select: (answer: { boats: BoatResponse[] }) => answer.boats });

/** The photo form field the upload routes read. */
export const photoForm = (file: File): FormData => {
  const form = new FormData();
  form.append('photo', file);
  return form;
};

export type SaveBoatOutcome = { kind: 'saved'; message: string } | { kind: 'photo-failed'; message: string };

/**
 * Saves the boat, then (a new boat needs its id first) its photo, and says
 * which of the outcomes happened (saved, photo failed, or failed).
 */
export function useSaveBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, photo }: { id: string | null; body: BoatRequest; photo: File | null }): Promise<SaveBoatOutcome> => {
      const boat = id ? await callApi('PUT', apiPaths.updateBoat, { params: { id }, body }) : await callApi('POST', apiPaths.createBoat, { body });
      if (!photo) return { kind: 'saved', message: id ? t`Boat updated successfully!` : t`Boat added successfully!` };
      try {
        await callApi('POST', apiPaths.uploadBoatPhoto, { params: { id: boat.id }, form: photoForm(photo) });
        return { kind: 'saved', message: id ? t`Boat updated successfully!` : t`Boat and photo added successfully!` };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { kind: 'photo-failed', message: id ? t`Failed to upload photo: ${reason}` : t`Boat created successfully, but photo upload failed: ${reason}` };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.listBoats) }),
  });
}
