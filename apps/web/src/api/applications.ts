import { activityPaths, apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiResponse } from './contract-client';
import { refreshVoyageViews } from './voyages';

type MyApplications = ApiResponse<'GET', typeof apiPaths.myApplications>;
type VoyageApplications = ApiResponse<'GET', typeof apiPaths.voyageApplications>;

/**
 * GET /api/applications/my-applications: the signed-in crew member's
 * applications, newest first. The dashboard and My Applications read this one
 * cache entry; the cache holds the contract's answer, the list is selected.
 */
export const myApplicationsQueryOptions = () =>
  queryOptions({
    ...apiQueryOptions(apiPaths.myApplications),
    select: (answer: MyApplications) => answer.applications,
  });

/**
 * GET /api/voyages/{id}/applications: one voyage's summary and its
 * applications, for its skipper (403 for anyone else, 404 when unknown).
 */
export const voyageApplicationsQueryOptions = (voyageId: string) => queryOptions(apiQueryOptions(apiPaths.voyageApplications, { params: { id: voyageId } }));

/** POST /api/applications/{id}/withdraw: the applicant takes back a pending application. */
export const withdrawApplication = (id: string) => callApi('POST', apiPaths.withdrawApplication, { params: { id } });

export type Decision = 'accept' | 'reject';

/** POST /api/applications/{id}/accept or /reject (the voyage's skipper); 409 with the server's reason (e.g. 'Voyage is full'). */
export const decideOnApplication = (decision: Decision, id: string) =>
  decision === 'accept' ? callApi('POST', apiPaths.acceptApplication, { params: { id } }) : callApi('POST', apiPaths.rejectApplication, { params: { id } });

/**
 * An application changed: refetch every answer that shows applications or
 * what is counted from them (both application lists, the skipper's voyages and
 * their counts, the crew member's quick stats, the voyage screens).
 */
export function refreshAfterApplicationChange(queryClient: QueryClient): void {
  for (const queryKey of [
    apiKey(apiPaths.myApplications),
    apiKey(apiPaths.voyageApplications),
    apiKey(apiPaths.myVoyages),
    apiKey(activityPaths.myCrewStats),
    apiKey(activityPaths.myActivity),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  refreshVoyageViews(queryClient);
}

/** Withdraw (pending only): the list shows the new status at once, then everything that counts applications refetches. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: ({ application }) => {
      queryClient.setQueryData(
        myApplicationsQueryOptions().queryKey,
        (current: MyApplications | undefined) => current && { ...current, applications: current.applications.map((item) => (item.id === application.id ? application : item)) },
      );
      refreshAfterApplicationChange(queryClient);
    },
  });
}

/** The skipper's accept or reject: the card shows its new status at once; the lists and counts refetch. */
export function useDecideOnApplication(voyageId: string, decision: Decision) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => decideOnApplication(decision, applicationId),
    onSuccess: ({ application }) => {
      queryClient.setQueryData(
        voyageApplicationsQueryOptions(voyageId).queryKey,
        (current: VoyageApplications | undefined) =>
          current && {
            ...current,
            applications: current.applications.map((item) => (item.id === application.id ? { ...item, status: application.status, updated_at: application.updated_at } : item)),
          },
      );
      refreshAfterApplicationChange(queryClient);
    },
  });
}

export const useAcceptApplication = (voyageId: string) => useDecideOnApplication(voyageId, 'accept');
export const useRejectApplication = (voyageId: string) => useDecideOnApplication(voyageId, 'reject');
