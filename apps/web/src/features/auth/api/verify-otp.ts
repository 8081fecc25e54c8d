import type { AuthResponse } from '@screenroom/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSignedIn } from './session';

export const verifyOtp = (body: { email: string; otp: string }) =>
  api.post<AuthResponse>('/auth/verify-otp', body);

export function useVerifyOtp() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: verifyOtp, onSuccess: signedIn });
}
