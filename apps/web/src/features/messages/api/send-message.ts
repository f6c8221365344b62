import type { MessagePageResponse, SentMessageResponse, StartConversationResponse } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeMessages } from './get-thread';
import { messageKeys } from './keys';

/** POST /api/conversations/{id}/messages. */
export const sendMessage = (conversationId: string, body: string): Promise<SentMessageResponse> =>
  apiRequest<SentMessageResponse>(messagingPaths.conversationMessages.replace('{id}', encodeURIComponent(conversationId)), { method: 'POST', body: { body } });

export const useSendMessage = (conversationId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body),
    onSuccess: ({ message }) => {
      client.setQueryData<MessagePageResponse>(messageKeys.thread(conversationId), (page) => mergeMessages(page, [message]));
      void client.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
};

/** POST /api/conversations: the first message about a voyage (the conversation is started, or the existing one reused). */
export const startConversation = (input: { voyage_id: string; user_id?: string; message: string }): Promise<StartConversationResponse> =>
  apiRequest<StartConversationResponse>(messagingPaths.conversations, { method: 'POST', body: input });

export const useStartConversation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.conversations() }),
  });
};
