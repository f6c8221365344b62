import type { ConversationListResponse } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** GET /api/conversations: the first page (50) of the signed-in user's conversations, last message first. */
export const getConversations = (): Promise<ConversationListResponse> => apiRequest<ConversationListResponse>(messagingPaths.conversations);

export const conversationsQueryOptions = () => queryOptions({ queryKey: messageKeys.conversations(), queryFn: getConversations, staleTime: 5_000 });

export const useConversations = () => useQuery(conversationsQueryOptions());
