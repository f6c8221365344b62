import type { BlockResponse, ReadResponse, ReportResponse } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** POST /api/conversations/{id}/read: everything in it is read (the sender sees it as a read receipt). */
export const markRead = (conversationId: string): Promise<ReadResponse> =>
  apiRequest<ReadResponse>(messagingPaths.conversationRead.replace('{id}', encodeURIComponent(conversationId)), { method: 'POST' });

export const useMarkRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (answer) => {
      client.setQueryData(messageKeys.unread(), { unread: answer.unread_total });
      void client.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
};

/** POST or DELETE /api/users/{id}/block. */
export const setBlocked = ({ userId, blocked }: { userId: string; blocked: boolean }): Promise<BlockResponse> =>
  apiRequest<BlockResponse>(messagingPaths.block.replace('{id}', encodeURIComponent(userId)), { method: blocked ? 'POST' : 'DELETE' });

export const useSetBlocked = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.all }),
  });
};

/** POST /api/messages/{id}/report. */
export const reportMessage = ({ messageId, reason }: { messageId: string; reason: string }): Promise<ReportResponse> =>
  apiRequest<ReportResponse>(messagingPaths.report.replace('{id}', encodeURIComponent(messageId)), { method: 'POST', body: { reason } });

export const useReportMessage = () => useMutation({ mutationFn: reportMessage });
