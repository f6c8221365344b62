import type { UnreadCountResponse } from '@crew/contracts';
import { messagingPaths } from '@crew/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** GET /api/messages/unread-count: the header badge (kept current by the live stream). */
export const getUnreadCount = (): Promise<UnreadCountResponse> => apiRequest<UnreadCountResponse>(messagingPaths.unreadCount);

export const unreadQueryOptions = () => queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnreadCount, staleTime: 60_000 });

export const useUnreadCount = (enabled = true) => useQuery({ ...unreadQueryOptions(), enabled });
