import { supportTicketPaths } from '@crew/contracts/paths';
import type { TicketPriorityValue, TicketStatusValue } from '@crew/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiResponse } from './contract-client';

export interface TicketFilters {
  readonly status: TicketStatusValue | '';
  readonly priority: TicketPriorityValue | '';
  readonly search: string;
  readonly page: number;
}

/** GET /api/admin/support/stats: the Support Dashboard's stat cards. */
export const supportStatsQueryOptions = () => queryOptions(apiQueryOptions(supportTicketPaths.adminStats));

/** GET /api/admin/support/tickets?status=&priority=&search=&page= (the page on screen stays while the next loads). */
export const adminTicketsQueryOptions = (filters: TicketFilters) =>
  queryOptions({
    ...apiQueryOptions(supportTicketPaths.adminList, {
      query: { status: filters.status || undefined, priority: filters.priority || undefined, search: filters.search.trim() || undefined, page: filters.page },
    }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/support/tickets/{id}: one ticket with its conversation and timeline. */
export const adminTicketQueryOptions = (ticketId: string) => queryOptions(apiQueryOptions(supportTicketPaths.adminGet, { params: { id: ticketId } }));

/** GET /api/admin/support/assignees: the administrators a ticket can be assigned to; the list changes rarely. */
export const supportAssigneesQueryOptions = () => queryOptions({ ...apiQueryOptions(supportTicketPaths.adminAssignees), staleTime: 5 * 60_000 });

export const setTicketStatus = (ticketId: string, status: TicketStatusValue) => callApi('PUT', supportTicketPaths.adminStatus, { params: { id: ticketId }, body: { status } });
export const setTicketPriority = (ticketId: string, priority: TicketPriorityValue) =>
  callApi('PUT', supportTicketPaths.adminPriority, { params: { id: ticketId }, body: { priority } });
/** Assigns the ticket to an administrator, or unassigns it (null). */
export const setTicketAssignee = (ticketId: string, assigneeId: string | null) =>
  callApi('PUT', supportTicketPaths.adminAssignee, { params: { id: ticketId }, body: { assignee_id: assigneeId } });
export const sendTicketReply = (ticketId: string, message: string) => callApi('POST', supportTicketPaths.adminReply, { params: { id: ticketId }, body: { message } });

/** After a change: the modal shows the answer at once; the list and the stat cards are read again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (answer: { ticket: ApiResponse<'GET', typeof supportTicketPaths.adminGet> }) => {
    queryClient.setQueryData(adminTicketQueryOptions(answer.ticket.id).queryKey, answer.ticket);
    void queryClient.invalidateQueries({ queryKey: apiKey(supportTicketPaths.adminList) });
    void queryClient.invalidateQueries({ queryKey: apiKey(supportTicketPaths.adminStats) });
  };
}

export function useSetTicketStatus(ticketId: string) {
  const after = useAfterChange();
  return useMutation({ mutationFn: (status: TicketStatusValue) => setTicketStatus(ticketId, status), onSuccess: after });
}

export function useSetTicketPriority(ticketId: string) {
  const after = useAfterChange();
  return useMutation({ mutationFn: (priority: TicketPriorityValue) => setTicketPriority(ticketId, priority), onSuccess: after });
}

export function useSetTicketAssignee(ticketId: string) {
  const after = useAfterChange();
  return useMutation({ mutationFn: (assigneeId: string | null) => setTicketAssignee(ticketId, assigneeId), onSuccess: after });
}

export function useSendTicketReply(ticketId: string) {
  const after = useAfterChange();
  return useMutation({ mutationFn: (message: string) => sendTicketReply(ticketId, message), onSuccess: after });
}
