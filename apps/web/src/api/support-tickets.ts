import { supportTicketPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';

/** GET /api/support/tickets: the signed-in member's tickets, newest activity first. */
export const myTicketsQueryOptions = () => queryOptions(apiQueryOptions(supportTicketPaths.mine));

/** GET /api/support/tickets/{id}: one of the member's tickets with its conversation. */
export const myTicketQueryOptions = (ticketId: string) => queryOptions(apiQueryOptions(supportTicketPaths.get, { params: { id: ticketId } }));

export const openTicket = (body: ApiBody<'POST', typeof supportTicketPaths.open>) => callApi('POST', supportTicketPaths.open, { body });
export const replyToTicket = (ticketId: string, message: string) => callApi('POST', supportTicketPaths.reply, { params: { id: ticketId }, body: { message } });
export const rateTicket = (ticketId: string, satisfied: boolean) => callApi('POST', supportTicketPaths.rating, { params: { id: ticketId }, body: { satisfied } });

type TicketAction = ApiResponse<'POST', typeof supportTicketPaths.reply>;

/** The ticket as answered is stored; the list refetches. */
function useRefreshTickets() {
  const queryClient = useQueryClient();
  return (answer: TicketAction) => {
    queryClient.setQueryData(myTicketQueryOptions(answer.ticket.id).queryKey, answer.ticket);
    void queryClient.invalidateQueries({ queryKey: apiKey(supportTicketPaths.mine) });
  };
}

export function useOpenTicket() {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: openTicket, onSuccess: refresh });
}

export function useReplyToTicket(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (message: string) => replyToTicket(ticketId, message), onSuccess: refresh });
}

export function useRateTicket(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (satisfied: boolean) => rateTicket(ticketId, satisfied), onSuccess: refresh });
}
