import { activityPaths } from '@crew/contracts/paths';
import { trustPaths } from '@crew/contracts/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { newIdempotencyKey, queueOfflineWrite } from '../lib/offline-writes';
import { apiKey, apiQueryOptions, callApi, urlOf, type ApiBody, type ApiResponse } from './contract-client';

// A member's public profile (a first-visit page) shows their sailing log: paths come from the zod-free constants entry.

type VoyageTrust = ApiResponse<'GET', typeof trustPaths.voyageTrust>;

/** GET /api/voyages/{id}/trust: agreements, the sailing log, the float plan and the timeline of one voyage, as its skipper or crew sees them. */
export const voyageTrustQueryOptions = (voyageId: string) => queryOptions(apiQueryOptions(trustPaths.voyageTrust, { params: { id: voyageId } }));

/** GET /api/agreements/{id}: a crew agreement, its latest and accepted versions. */
export const agreementQueryOptions = (id: string) => queryOptions(apiQueryOptions(trustPaths.agreement, { params: { id } }));

/**
 * GET /api/agreements/awaiting: the signed-in crew member's agreements whose
 * latest version they have not accepted, newest first, in one request.
 * Issuing or accepting an agreement refreshes it.
 */
export const awaitingAgreementsQueryOptions = () =>
  queryOptions({
    ...apiQueryOptions(trustPaths.awaitingAgreements),
    select: (answer: ApiResponse<'GET', typeof trustPaths.awaitingAgreements>) => answer.agreements,
    // The skipper issues new versions from their own session: fetch afresh whenever the dashboard shows it.
    staleTime: 0,
  });

/** GET /api/float-plans/{token}: the shore contact's view; no account, the token is the key. */
export const floatPlanByTokenQueryOptions = (token: string) => queryOptions({ ...apiQueryOptions(trustPaths.floatPlan, { params: { token } }), retry: false });

/** GET /api/users/{id}/sailing-log: a member's verified legs and totals. */
export const sailingLogQueryOptions = (userId: string) => queryOptions(apiQueryOptions(trustPaths.sailingLog, { params: { id: userId }, check: false }));

/** Everything a trust change may alter: the voyage's trust page, agreements (one and those awaiting), sailing logs, and the float plan. */
const TRUST_READS = [trustPaths.voyageTrust, trustPaths.agreement, trustPaths.awaitingAgreements, trustPaths.sailingLog, trustPaths.floatPlan] as const;

/** A change on a voyage's trust page stores the trust it answered, and refreshes every trust read. */
function useStoreTrust(voyageId: string) {
  const queryClient = useQueryClient();
  return (trust?: VoyageTrust) => {
    if (trust) queryClient.setQueryData(voyageTrustQueryOptions(voyageId).queryKey, trust);
    for (const path of TRUST_READS) void queryClient.invalidateQueries({ queryKey: apiKey(path) });
  };
}

export const issueAgreement = (voyageId: string, crewId: string, body: ApiBody<'PUT', typeof trustPaths.issueAgreement>) =>
  callApi('PUT', trustPaths.issueAgreement, { params: { id: voyageId, crew_id: crewId }, body });
export const acceptAgreement = (id: string, body: ApiBody<'POST', typeof trustPaths.acceptAgreement>) => callApi('POST', trustPaths.acceptAgreement, { params: { id }, body });
export const sailingLogAction = (voyageId: string, crewId: string, action: 'confirm' | 'remove') =>
  callApi('POST', action === 'confirm' ? trustPaths.confirmSailingLog : trustPaths.removeFromSailingLog, { params: { id: voyageId, crew_id: crewId } });
export const fileFloatPlan = (voyageId: string, body: ApiBody<'PUT', typeof trustPaths.fileFloatPlan>) =>
  callApi('PUT', trustPaths.fileFloatPlan, { params: { id: voyageId }, body });
/** A check-in recorded, or kept on the device (no network) to be sent, with the same key, when the connection returns. */
export type CheckInOutcome = { readonly queued: false; readonly recorded: ApiResponse<'POST', typeof trustPaths.checkIn> } | { readonly queued: true };

/** A connection failure, after which the server may or may not have the write: sending it again with its key is safe. */
export const isConnectionFailure = (error: unknown): boolean => error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');

/**
 * POST /api/voyages/{id}/check-ins with an Idempotency-Key. Without a connection the check-in waits on the device
 * and is sent when it returns (docs/features/offline.md): the server records it once however often it arrives.
 */
export async function checkIn(voyageId: string, asked: ApiBody<'POST', typeof trustPaths.checkIn>): Promise<CheckInOutcome> {
  const idempotencyKey = newIdempotencyKey();
  // The moment the member checked in, kept with it: a check-in that waits for a connection is dated when it was made.
  const body = { ...asked, observed_at: asked.observed_at ?? new Date().toISOString() };
  try {
    return { queued: false, recorded: await callApi('POST', trustPaths.checkIn, { params: { id: voyageId }, body, headers: { 'idempotency-key': idempotencyKey } }) };
  } catch (error) {
    if (isConnectionFailure(error) && (await queueOfflineWrite({ kind: 'check-in', path: urlOf(trustPaths.checkIn, { id: voyageId }), body, idempotencyKey, voyageId }))) {
      return { queued: true };
    }
    throw error;
  }
}

export function useIssueAgreement(voyageId: string, crewId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({ mutationFn: (body: ApiBody<'PUT', typeof trustPaths.issueAgreement>) => issueAgreement(voyageId, crewId, body), onSuccess: () => store() });
}

/** Accepting stores the agreement as answered, refreshes the trust reads and the dashboard's activity. */
export function useAcceptAgreement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST', typeof trustPaths.acceptAgreement>) => acceptAgreement(id, body),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementQueryOptions(id).queryKey, agreement);
      for (const path of [...TRUST_READS, activityPaths.myActivity, activityPaths.myCrewStats]) void queryClient.invalidateQueries({ queryKey: apiKey(path) });
    },
  });
}

export function useSailingLogAction(voyageId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({
    mutationFn: ({ crewId, action }: { crewId: string; action: 'confirm' | 'remove' }) => sailingLogAction(voyageId, crewId, action),
    onSuccess: (trust) => store(trust),
  });
}

export function useFileFloatPlan(voyageId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({ mutationFn: (body: ApiBody<'PUT', typeof trustPaths.fileFloatPlan>) => fileFloatPlan(voyageId, body), onSuccess: (trust) => store(trust) });
}

export function useCheckIn(voyageId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({
    mutationFn: (body: ApiBody<'POST', typeof trustPaths.checkIn>) => checkIn(voyageId, body),
    onSuccess: (outcome) => {
      if (!outcome.queued) store(outcome.recorded.trust);
    },
  });
}
