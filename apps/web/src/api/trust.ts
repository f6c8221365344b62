import type {
  AcceptAgreementRequest,
  AgreementResponse,
  AgreementTermsRequest,
  AwaitingAgreement,
  AwaitingAgreementsResponse,
  CheckInRequest,
  FloatPlanRequest,
  FloatPlanResponse,
  SailingLogResponse,
  TrustActionResponse,
  VoyageTrustResponse,
} from '@crew/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';

const enc = encodeURIComponent;

/** The trust and safety routes (GET /api/voyages/{id}/trust and friends). */
export const trustPaths = {
  voyageTrust: (voyageId: string) => `/api/voyages/${enc(voyageId)}/trust`,
  sailingLog: (userId: string) => `/api/users/${enc(userId)}/sailing-log`,
  logAction: (voyageId: string, crewId: string, action: 'confirm' | 'remove') => `/api/voyages/${enc(voyageId)}/sailing-log/${enc(crewId)}/${action}`,
  issueAgreement: (voyageId: string, crewId: string) => `/api/voyages/${enc(voyageId)}/agreements/${enc(crewId)}`,
  awaitingAgreements: '/api/agreements/awaiting',
  agreement: (id: string) => `/api/agreements/${enc(id)}`,
  acceptAgreement: (id: string) => `/api/agreements/${enc(id)}/accept`,
  floatPlan: (voyageId: string) => `/api/voyages/${enc(voyageId)}/float-plan`,
  floatPlanByToken: (token: string) => `/api/float-plans/${enc(token)}`,
  checkIns: (voyageId: string) => `/api/voyages/${enc(voyageId)}/check-ins`,
} as const;

/** Agreements, the sailing log, the float plan and the timeline of one voyage, as its skipper or crew sees them. */
export const voyageTrustQueryOptions = (voyageId: string) =>
  queryOptions({
    queryKey: ['trust', 'voyage', voyageId] as const,
    queryFn: ({ signal }) => apiRequest<VoyageTrustResponse>(trustPaths.voyageTrust(voyageId), { signal }),
  });

export const agreementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['trust', 'agreement', id] as const,
    queryFn: ({ signal }) => apiRequest<AgreementResponse>(trustPaths.agreement(id), { signal }),
  });

/**
 * GET /api/agreements/awaiting: the signed-in crew member's agreements whose
 * latest version they have not accepted, newest first, in one request. Under
 * ['trust'], so issuing or accepting an agreement (which invalidate ['trust'])
 * refreshes it.
 */
export const awaitingAgreementsQueryOptions = () =>
  queryOptions({
    queryKey: ['trust', 'agreements', 'awaiting'] as const,
    queryFn: ({ signal }) =>
      apiRequest<AwaitingAgreementsResponse>(trustPaths.awaitingAgreements, { schema: lazySchema((c) => c.awaitingAgreementsSchema), signal }).then(
        (r): AwaitingAgreement[] => r.agreements,
      ),
    // The skipper issues new versions from their own session: fetch afresh whenever the dashboard shows it.
    staleTime: 0,
  });

/** The shore contact's view: no account, the token is the key. */
export const floatPlanByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['trust', 'float-plan', token] as const,
    queryFn: ({ signal }) => apiRequest<FloatPlanResponse>(trustPaths.floatPlanByToken(token), { signal }),
    retry: false,
  });

export const sailingLogQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['trust', 'sailing-log', userId] as const,
    queryFn: ({ signal }) => apiRequest<SailingLogResponse>(trustPaths.sailingLog(userId), { signal }),
  });

/** A change on a voyage's trust page refreshes it, and the voyage (its crew and status may show it). */
function useStoreTrust(voyageId: string) {
  const queryClient = useQueryClient();
  return (trust?: VoyageTrustResponse) => {
    if (trust) queryClient.setQueryData(voyageTrustQueryOptions(voyageId).queryKey, trust);
    void queryClient.invalidateQueries({ queryKey: ['trust'] });
  };
}

export function useIssueAgreement(voyageId: string, crewId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({
    mutationFn: (body: AgreementTermsRequest) => apiRequest<AgreementResponse>(trustPaths.issueAgreement(voyageId, crewId), { method: 'PUT', body }),
    onSuccess: () => store(),
  });
}

export function useAcceptAgreement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptAgreementRequest) => apiRequest<AgreementResponse>(trustPaths.acceptAgreement(id), { method: 'POST', body }),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementQueryOptions(id).queryKey, agreement);
      void queryClient.invalidateQueries({ queryKey: ['trust'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export function useSailingLogAction(voyageId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({
    mutationFn: ({ crewId, action }: { crewId: string; action: 'confirm' | 'remove' }) =>
      apiRequest<VoyageTrustResponse>(trustPaths.logAction(voyageId, crewId, action), { method: 'POST' }),
    onSuccess: (trust) => store(trust),
  });
}

export function useFileFloatPlan(voyageId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({
    mutationFn: (body: FloatPlanRequest) => apiRequest<VoyageTrustResponse>(trustPaths.floatPlan(voyageId), { method: 'PUT', body }),
    onSuccess: (trust) => store(trust),
  });
}

export function useCheckIn(voyageId: string) {
  const store = useStoreTrust(voyageId);
  return useMutation({
    mutationFn: (body: CheckInRequest) => apiRequest<TrustActionResponse & { trust: VoyageTrustResponse }>(trustPaths.checkIns(voyageId), { method: 'POST', body }),
    onSuccess: (result) => store(result.trust),
  });
}
