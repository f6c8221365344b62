import { apiPaths, phoneVerificationPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/session';
import { apiKey, callApi } from './contract-client';

/** POST /api/profile/phone/verification: a code by text message to the profile's phone number. */
export const sendPhoneCode = () => callApi('POST', phoneVerificationPaths.send);
/** POST /api/profile/phone/verification/confirm: the code from the text message. */
export const confirmPhoneCode = (code: string) => callApi('POST', phoneVerificationPaths.confirm, { body: { code } });

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

/** A confirmed code changes the user (phone_verified) and a trust check. */
export function useConfirmPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneCode,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.verificationStatus) });
    },
  });
}
