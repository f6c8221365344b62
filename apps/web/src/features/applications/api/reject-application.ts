import { useDecideOnApplication } from './decide-on-application';

/** POST /api/applications/{id}/reject. */
export const useRejectApplication = (voyageId: string) => useDecideOnApplication(voyageId, 'reject');
