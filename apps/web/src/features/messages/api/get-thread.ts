import type { Message, MessagePageResponse } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './keys';

const threadPath = (conversationId: string) => messagingPaths.conversationMessages.replace('{id}', encodeURIComponent(conversationId));

/** GET /api/conversations/{id}/messages: the latest page (newest last), or the page before `before`. */
export const getThread = (conversationId: string, before?: string): Promise<MessagePageResponse> =>
  apiRequest<MessagePageResponse>(`${threadPath(conversationId)}${before ? `?before=${encodeURIComponent(before)}` : ''}`);

export const threadQueryOptions = (conversationId: string) =>
  queryOptions({ queryKey: messageKeys.thread(conversationId), queryFn: () => getThread(conversationId), staleTime: 5_000 });

export const useThread = (conversationId: string) => useQuery(threadQueryOptions(conversationId));

/** Adds messages to a cached thread (a sent one, a live one, an older page), each once, in order. */
export const mergeMessages = (page: MessagePageResponse | undefined, messages: readonly Message[], olderCursor?: string | null): MessagePageResponse | undefined => {
  if (!page) return page;
  const known = new Set(page.messages.map((m) => m.id));
  const fresh = messages.filter((m) => !known.has(m.id));
  if (fresh.length === 0 && olderCursor === undefined) return page;
  const all = [...page.messages, ...fresh].sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  return { ...page, messages: all, ...(olderCursor !== undefined ? { older_cursor: olderCursor } : {}) };
};

/** Loads the page before the oldest shown and merges it into the cached thread. */
export const useLoadOlder = (conversationId: string) => {
  const client = useQueryClient();
  return async (before: string): Promise<void> => {
    const older = await getThread(conversationId, before);
    client.setQueryData<MessagePageResponse>(messageKeys.thread(conversationId), (page) => mergeMessages(page, older.messages, older.older_cursor));
  };
};
