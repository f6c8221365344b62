import {
  supportTicketPaths,
  type AdminTicketActionResponse,
  type AdminTicketDetail,
  type AdminTicketListResponse,
  type AdminTicketReplyResponse,
  type SupportAssigneesResponse,
  type SupportStatsResponse,
  type TicketPriorityValue,
  type TicketStatusValue,
} from '@crew/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const withId = (path: string, id: string): string => path.replace('{id}', encodeURIComponent(id));

export interface TicketFilters {
  readonly status: TicketStatusValue | '';
  readonly priority: TicketPriorityValue | '';
  readonly search: string;
  readonly page: number;
}

const queryString = (filters: TicketFilters): string => {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  params.set('page', String(filters.page));
  return params.toString();
};

export const supportStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'support', 'stats'] as const,
    queryFn: ({ signal }) => apiRequest<SupportStatsResponse>(supportTicketPaths.adminStats, { schema: lazySchema((c) => c.supportStatsResponseSchema), signal }),
  });

export const adminTicketsQueryOptions = (filters: TicketFilters) =>
  queryOptions({
    queryKey: ['admin', 'support', 'tickets', filters] as const,
    queryFn: ({ signal }) =>
      apiRequest<AdminTicketListResponse>(`${supportTicketPaths.adminList}?${queryString(filters)}`, { schema: lazySchema((c) => c.adminTicketListResponseSchema), signal }),
  });

export const adminTicketQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ['admin', 'support', 'ticket', ticketId] as const,
    queryFn: ({ signal }) => apiRequest<AdminTicketDetail>(withId(supportTicketPaths.adminGet, ticketId), { schema: lazySchema((c) => c.adminTicketDetailSchema), signal }),
  });

/** The administrators a ticket can be assigned to; the list changes rarely. */
export const supportAssigneesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'support', 'assignees'] as const,
    queryFn: ({ signal }) => apiRequest<SupportAssigneesResponse>(supportTicketPaths.adminAssignees, { schema: lazySchema((c) => c.supportAssigneesResponseSchema), signal }),
    staleTime: 5 * 60_000,
  });

export const useSupportStats = () => useQuery(supportStatsQueryOptions());
export const useAdminTickets = (filters: TicketFilters) => useQuery({ ...adminTicketsQueryOptions(filters), placeholderData: keepPreviousData });
export const useAdminTicket = (ticketId: string) => useQuery(adminTicketQueryOptions(ticketId));
export const useSupportAssignees = () => useQuery(supportAssigneesQueryOptions());

/** After a change: the modal shows the answer at once; the list and the stat cards are read again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (ticket: AdminTicketDetail) => {
    queryClient.setQueryData(adminTicketQueryOptions(ticket.id).queryKey, ticket);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'support', 'tickets'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'support', 'stats'] });
  };
}

export function useSetTicketStatus(ticketId: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (status: TicketStatusValue) =>
      apiRequest<AdminTicketActionResponse>(withId(supportTicketPaths.adminStatus, ticketId), { method: 'PUT', body: { status }, schema: lazySchema((c) => c.adminTicketActionResponseSchema) }),
    onSuccess: (answer) => after(answer.ticket),
  });
}

export function useSetTicketPriority(ticketId: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (priority: TicketPriorityValue) =>
      apiRequest<AdminTicketActionResponse>(withId(supportTicketPaths.adminPriority, ticketId), { method: 'PUT', body: { priority }, schema: lazySchema((c) => c.adminTicketActionResponseSchema) }),
    onSuccess: (answer) => after(answer.ticket),
  });
}

/** Assigns the ticket to an administrator, or unassigns it (null). */
export function useSetTicketAssignee(ticketId: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (assigneeId: string | null) =>
      apiRequest<AdminTicketActionResponse>(withId(supportTicketPaths.adminAssignee, ticketId), {
        method: 'PUT',
        body: { assignee_id: assigneeId },
        schema: lazySchema((c) => c.adminTicketActionResponseSchema),
      }),
    onSuccess: (answer) => after(answer.ticket),
  });
}

export function useSendTicketReply(ticketId: string) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<AdminTicketReplyResponse>(withId(supportTicketPaths.adminReply, ticketId), { method: 'POST', body: { message }, schema: lazySchema((c) => c.adminTicketReplyResponseSchema) }),
    onSuccess: (answer) => after(answer.ticket),
  });
}
