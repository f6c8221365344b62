import type { Conversation, ConversationListResponse } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** GET /api/conversations: a page (50) of the signed-in user's conversations, last message first; `cursor` asks for the older ones. */
export const getConversations = (cursor?: string): Promise<ConversationListResponse> =>
  apiRequest<ConversationListResponse>(`${messagingPaths.conversations}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export interface ConversationPages {
  readonly conversations: readonly Conversation[];
  readonly unread_total: number;
}

/**
 * The pages loaded so far as one list. A conversation that moved up between
 * two page loads (a new message) is listed once, where it is newest.
 */
export const flattenConversationPages = (data: InfiniteData<ConversationListResponse, string | undefined>): ConversationPages => {
  const seen = new Set<string>();
  const conversations: Conversation[] = [];
  for (const page of data.pages) {
    for (const conversation of page.conversations) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      conversations.push(conversation);
    }
  }
  return { conversations, unread_total: data.pages[0]?.unread_total ?? 0 };
};

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversations(),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 5_000,
  });

/** The conversations loaded so far; `fetchNextPage` adds the next 50 older ones while `hasNextPage`. */
export const useConversations = () => useInfiniteQuery({ ...conversationsQueryOptions(), select: flattenConversationPages });
