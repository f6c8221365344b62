import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { threadQueryOptions, useLoadOlder, useMarkRead, useSendMessage, useSetBlocked } from '../../../api/messages';
import { useLiveEvent } from '../live/use-live-messages';
import { Thread } from './Thread';

/** The thread of `/messages/:id`: loaded, marked read when opened and whenever a message arrives while it is open. */
export function OpenThread({ conversationId }: { conversationId: string }) {
  const { t } = useLingui();
  const thread = useQuery(threadQueryOptions(conversationId));
  const send = useSendMessage(conversationId);
  const markRead = useMarkRead();
  const block = useSetBlocked();
  const loadOlder = useLoadOlder(conversationId);
  const unread = thread.data?.conversation.unread_count ?? 0;
  const loaded = thread.isSuccess;

  useEffect(() => {
    if (loaded) markRead.mutate(conversationId);
    // Once per thread opened (and when its unread count says there is something new).
  }, [conversationId, loaded, unread]);

  useLiveEvent((event) => {
    if (event.type === 'message' && event.message.conversation_id === conversationId && !event.message.mine && document.visibilityState !== 'hidden') {
      markRead.mutate(conversationId);
    }
  });

  if (thread.isPending) return <LoadingState label={t`Loading messages…`} />;
  if (thread.isError) {
    const notFound = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <ErrorState
        message={notFound ? t`This conversation does not exist, or you are not part of it.` : thread.error.message}
        onRetry={notFound ? undefined : () => void thread.refetch()}
      />
    );
  }
  const { conversation, messages, older_cursor: olderCursor } = thread.data;
  return (
    <Thread
      conversation={conversation}
      messages={messages}
      hasOlder={olderCursor !== null}
      onLoadOlder={() => olderCursor && void loadOlder(olderCursor)}
      onSend={(body) => send.mutateAsync(body)}
      onBlockChange={(blocked) => block.mutate({ userId: conversation.other.id, blocked })}
      blockPending={block.isPending}
    />
  );
}
