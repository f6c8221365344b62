import type { MailPreferences } from '@crew/contracts';
import { supportDeskPaths } from '@crew/contracts/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const useMailPreferences = () =>
  useQuery({ queryKey: ['mail-preferences'] as const, queryFn: ({ signal }) => apiRequest<MailPreferences>(supportDeskPaths.mailPreferences, { signal }) });

export const useSaveMailPreferences = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketing: boolean) => apiRequest<MailPreferences>(supportDeskPaths.mailPreferences, { method: 'PUT', body: { marketing } }),
    onSuccess: (saved) => client.setQueryData(['mail-preferences'], saved),
  });
};
