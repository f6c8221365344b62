import type { LiveMessageEvent, MessagePageResponse } from '@crew/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mergeMessages } from '../api/get-thread';
import { messageKeys } from '../api/keys';
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
        if ('unread_total' in event) client.setQueryData(messageKeys.unread(), { unread: event.unread_total });
        switch (event.type) {
          case 'ready':
            void client.invalidateQueries({ queryKey: messageKeys.conversations() });
            void client.invalidateQueries({ queryKey: messageKeys.threads() });
            break;
          case 'message':
            client.setQueryData<MessagePageResponse>(messageKeys.thread(event.message.conversation_id), (page) => mergeMessages(page, [event.message]));
            void client.invalidateQueries({ queryKey: messageKeys.conversations() });
            break;
          case 'read':
            client.setQueryData<MessagePageResponse>(messageKeys.thread(event.conversation_id), (page) =>
              markReadUpTo(page, event.reader_id, event.last_read_message_id, event.read_at),
            );
            void client.invalidateQueries({ queryKey: messageKeys.conversations() });
            break;
          case 'block':
            void client.invalidateQueries({ queryKey: messageKeys.conversations() });
            for (const id of event.conversation_ids) void client.invalidateQueries({ queryKey: messageKeys.thread(id) });
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
