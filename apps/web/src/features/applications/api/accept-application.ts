import { useDecideOnApplication } from './decide-on-application';

/** POST /api/applications/{id}/accept; 409 with the server's reason (e.g. 'Voyage is full'). */
export const useAcceptApplication = (voyageId: string) => useDecideOnApplication(voyageId, 'accept');
