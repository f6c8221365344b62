import {
  supportTicketPaths,
  type MyTicketsResponse,
  type OpenTicketRequest,
  type TicketActionResponse,
  type TicketDetail,
} from '@crew/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const at = (path: string, id: string): string => path.replace('{id}', encodeURIComponent(id));

/** The signed-in member's tickets. */
export const myTicketsQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'tickets'] as const,
    queryFn: ({ signal }) => apiRequest<MyTicketsResponse>(supportTicketPaths.mine, { schema: lazySchema((c) => c.myTicketsResponseSchema), signal }),
  });

/** One of the member's tickets with its conversation. */
export const myTicketQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ['support', 'tickets', ticketId] as const,
    queryFn: ({ signal }) => apiRequest<TicketDetail>(at(supportTicketPaths.get, ticketId), { schema: lazySchema((c) => c.ticketDetailSchema), signal }),
  });

function useRefreshTickets() {
  const queryClient = useQueryClient();
  return (answer: TicketActionResponse) => {
    queryClient.setQueryData(myTicketQueryOptions(answer.ticket.id).queryKey, answer.ticket);
    void queryClient.invalidateQueries({ queryKey: ['support', 'tickets'], exact: true });
  };
}

export function useOpenTicket() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (body: OpenTicketRequest) =>
      apiRequest<TicketActionResponse>(supportTicketPaths.open, { method: 'POST', body, schema: lazySchema((c) => c.ticketActionResponseSchema) }),
    onSuccess: refresh,
  });
}

export function useReplyToTicket(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<TicketActionResponse>(at(supportTicketPaths.reply, ticketId), { method: 'POST', body: { message }, schema: lazySchema((c) => c.ticketActionResponseSchema) }),
    onSuccess: refresh,
  });
}

export function useRateTicket(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (satisfied: boolean) =>
      apiRequest<TicketActionResponse>(at(supportTicketPaths.rating, ticketId), { method: 'POST', body: { satisfied }, schema: lazySchema((c) => c.ticketActionResponseSchema) }),
    onSuccess: refresh,
  });
}
