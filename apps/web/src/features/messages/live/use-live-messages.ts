import type { LiveMessageEvent, MessagePageResponse } from '@crew/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mergeMessages, refreshConversations, refreshThreads, storeUnreadTotal, updateCachedThread } from '../../../api/messages';
import { subscribeLive } from './live-connection';

/** Marks the messages the reader received, up to `lastId`, as read at `readAt` (a read receipt arriving live). */
const markReadUpTo = (page: MessagePageResponse | undefined, readerId: string, lastId: string | null, readAt: string): MessagePageResponse | undefined => {
  if (!page) return page;
  const upTo = lastId ? page.messages.findIndex((m) => m.id === lastId) : page.messages.length - 1;
  const last = upTo < 0 ? page.messages.length - 1 : upTo;
  return {
    ...page,
    // What the reader read is what the other one sent.
    messages: page.messages.map((m, index) => (index <= last && m.read_at === null && m.sender_id !== readerId ? { ...m, read_at: readAt } : m)),
  };
};

/**
 * Keeps the cached badge, list and open threads in step with the live stream.
 * Mounted once, with the header's Messages link, for as long as someone is signed in.
 */
export function useLiveMessages(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeLive((event) => {
        if ('unread_total' in event) storeUnreadTotal(client, event.unread_total);
        switch (event.type) {
          case 'ready':
            void refreshConversations(client);
            void refreshThreads(client);
            break;
          case 'message':
            updateCachedThread(client, event.message.conversation_id, (page) => mergeMessages(page, [event.message]));
            void refreshConversations(client);
            break;
          case 'read':
            updateCachedThread(client, event.conversation_id, (page) => markReadUpTo(page, event.reader_id, event.last_read_message_id, event.read_at));
            void refreshConversations(client);
            break;
          case 'block':
            void refreshConversations(client);
            for (const id of event.conversation_ids) void refreshThreads(client, id);
            break;
        }
      }),
    [client],
  );
}

/** Calls `onEvent` for each live event while mounted (the open thread marks new messages read). */
export function useLiveEvent(onEvent: (event: LiveMessageEvent) => void): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => subscribeLive((event) => latest.current(event)), []);
}
