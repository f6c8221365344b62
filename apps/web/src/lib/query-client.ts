import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        // After the connection drops a read is still tried once: the device's copy answers it (docs/features/offline.md).
        // Retries then wait for the connection.
        networkMode: 'offlineFirst',
      },
      // A write is never held back because the browser said it went offline: check-ins and messages are then kept on
      // the device to send later, and any other write says at once that the server could not be reached.
      mutations: { networkMode: 'always' },
    },
  });
