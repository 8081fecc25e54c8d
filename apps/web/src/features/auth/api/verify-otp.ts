import type { AuthResponse } from '@screenroom/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dismissErrors } from '../../../lib/notify';
import { useSignedIn } from './session';

type VerifyOtp = {
  email: string;
  otp: string;
  /** Kept by an account this code creates: the device's time zone and theme. */
  preferences?: { timezone?: string; theme?: 'light' | 'dark' };
};

export const verifyOtp = (body: VerifyOtp) => api.post<AuthResponse>('/auth/verify-otp', body);

export function useVerifyOtp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (response) => {
      // "This code is not valid" from an earlier try must not greet the presenter once signed in.
      dismissErrors();
      signedIn(response);
    },
  });
}
