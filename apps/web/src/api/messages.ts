import type { Conversation, Message } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { newIdempotencyKey, queueOfflineWrite } from '../lib/offline-writes';
import { apiKey, apiQueryOptions, callApi, urlOf, type ApiBody, type ApiResponse } from './contract-client';

// Messaging's paths come from the zod-free constants entry: the header's unread badge loads this module on every page of a signed-in member.

type ConversationList = ApiResponse<'GET', typeof messagingPaths.conversations>;
type MessagePage = ApiResponse<'GET', typeof messagingPaths.conversationMessages>;

/** GET /api/conversations: a page (50) of the signed-in user's conversations, last message first; `cursor` asks for the older ones. */
export const getConversations = (cursor?: string, signal?: AbortSignal) => callApi('GET', messagingPaths.conversations, { query: { cursor }, signal });

export interface ConversationPages {
  readonly conversations: readonly Conversation[];
  readonly unread_total: number;
}

/**
 * The pages loaded so far as one list. A conversation that moved up between
 * two page loads (a new message) is listed once, where it is newest.
 */
export const flattenConversationPages = (data: InfiniteData<ConversationList, string | undefined>): ConversationPages => {
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

/** The conversation list, page by page; `fetchNextPage` adds the next 50 older ones while `hasNextPage`. */
export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: apiKey(messagingPaths.conversations),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ConversationList) => last.next_cursor ?? undefined,
    select: flattenConversationPages,
    staleTime: 5_000,
  });

/** GET /api/conversations/{id}/messages: the latest page (newest last). */
export const threadQueryOptions = (conversationId: string) =>
  queryOptions({ ...apiQueryOptions(messagingPaths.conversationMessages, { params: { id: conversationId } }), staleTime: 5_000 });

/** The page of a thread before the message `before`. */
export const getOlderMessages = (conversationId: string, before: string) =>
  callApi('GET', messagingPaths.conversationMessages, { params: { id: conversationId }, query: { before } });

/** GET /api/messages/unread-count: the header badge (kept current by the live stream). */
export const unreadCountQueryOptions = () => queryOptions({ ...apiQueryOptions(messagingPaths.unreadCount), staleTime: 60_000 });

/** POST /api/messages/stream-ticket: a short-lived ticket to open the live stream with. */
export const openStreamTicket = () => callApi('POST', messagingPaths.streamTicket);

/** Adds messages to a cached thread (a sent one, a live one, an older page), each once, in order. */
export const mergeMessages = (page: MessagePage | undefined, messages: readonly Message[], olderCursor?: string | null): MessagePage | undefined => {
  if (!page) return page;
  const known = new Set(page.messages.map((m) => m.id));
  const fresh = messages.filter((m) => !known.has(m.id));
  if (fresh.length === 0 && olderCursor === undefined) return page;
  const all = [...page.messages, ...fresh].sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  return { ...page, messages: all, ...(olderCursor !== undefined ? { older_cursor: olderCursor } : {}) };
};

/** Changes the cached thread of a conversation, if it is loaded. */
export const updateCachedThread = (client: QueryClient, conversationId: string, change: (page: MessagePage | undefined) => MessagePage | undefined): void => {
  client.setQueryData<MessagePage>(threadQueryOptions(conversationId).queryKey, change);
};

/** The unread total the API answered (a read, a live event) replaces the badge's count. */
export const storeUnreadTotal = (client: QueryClient, unread: number): void => {
  client.setQueryData(unreadCountQueryOptions().queryKey, { unread });
};

/** Refetches the conversation list (a message sent or received, a read, a block). */
export const refreshConversations = (client: QueryClient): Promise<void> => client.invalidateQueries({ queryKey: apiKey(messagingPaths.conversations) });

/** Refetches one open thread, or every cached one. */
export const refreshThreads = (client: QueryClient, conversationId?: string): Promise<void> =>
  client.invalidateQueries({ queryKey: apiKey(messagingPaths.conversationMessages, conversationId === undefined ? null : { id: conversationId }) });

/** Loads the page before the oldest shown and merges it into the cached thread. */
export function useLoadOlder(conversationId: string) {
  const client = useQueryClient();
  return async (before: string): Promise<void> => {
    const older = await getOlderMessages(conversationId, before);
    updateCachedThread(client, conversationId, (page) => mergeMessages(page, older.messages, older.older_cursor));
  };
}

/** A message sent, or kept on the device (no network) to be sent, with the same key, when the connection returns. */
export type SendOutcome = { readonly queued: false; readonly sent: ApiResponse<'POST', typeof messagingPaths.conversationMessages> } | { readonly queued: true };

/** POST /api/conversations/{id}/messages with an Idempotency-Key; without a connection it waits on the device (docs/features/offline.md). */
export async function sendMessage(conversationId: string, body: string): Promise<SendOutcome> {
  const idempotencyKey = newIdempotencyKey();
  try {
    const sent = await callApi('POST', messagingPaths.conversationMessages, { params: { id: conversationId }, body: { body }, headers: { 'idempotency-key': idempotencyKey } });
    return { queued: false, sent };
  } catch (error) {
    const write = { kind: 'message', path: urlOf(messagingPaths.conversationMessages, { id: conversationId }), body: { body }, idempotencyKey, conversationId } as const;
    if (error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT') && (await queueOfflineWrite(write))) return { queued: true };
    throw error;
  }
}

export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      updateCachedThread(client, conversationId, (page) => mergeMessages(page, [outcome.sent.message]));
      void refreshConversations(client);
    },
  });
}

/** POST /api/conversations: the first message about a voyage (the conversation is started, or the existing one reused). */
export const startConversation = (body: ApiBody<'POST', typeof messagingPaths.conversations>) => callApi('POST', messagingPaths.conversations, { body });

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startConversation, onSuccess: () => void refreshConversations(client) });
}

/** POST /api/conversations/{id}/read: everything in it is read (the sender sees it as a read receipt). */
export const markRead = (conversationId: string) => callApi('POST', messagingPaths.conversationRead, { params: { id: conversationId } });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (answer) => {
      storeUnreadTotal(client, answer.unread_total);
      void refreshConversations(client);
    },
  });
}

/** POST or DELETE /api/users/{id}/block. */
export const setBlocked = ({ userId, blocked }: { userId: string; blocked: boolean }) =>
  blocked ? callApi('POST', messagingPaths.block, { params: { id: userId } }) : callApi('DELETE', messagingPaths.block, { params: { id: userId } });

/** A block changes who may write in which conversation: the list, the threads and the badge are fetched again. */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: () => {
      void refreshConversations(client);
      void refreshThreads(client);
      void client.invalidateQueries({ queryKey: apiKey(messagingPaths.unreadCount) });
    },
  });
}

/** POST /api/messages/{id}/report. */
export const reportMessage = ({ messageId, reason }: { messageId: string; reason: string }) =>
  callApi('POST', messagingPaths.report, { params: { id: messageId }, body: { reason } });

export const useReportMessage = () => useMutation({ mutationFn: reportMessage });
