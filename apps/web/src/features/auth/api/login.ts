import { loginResponseSchema, routes, type LoginRequest, type LoginResponse } from '@crew/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/session';
import { tokenStore } from '../../../lib/token-store';

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiRequest<LoginResponse>(routes.login.path, { method: 'POST', body, schema: loginResponseSchema });

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
