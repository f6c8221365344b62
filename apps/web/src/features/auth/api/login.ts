import type { LoginRequest, LoginResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/session';
import { tokenStore } from '../../../lib/token-store';

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiRequest<LoginResponse>(apiPaths.login, { method: 'POST', body, schema: lazySchema((contracts) => contracts.loginResponseSchema) });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      queryClient.setQueryData(meQueryOptions().queryKey, result.user);
      tokenStore.set(result.access_token);
    },
  });
}
