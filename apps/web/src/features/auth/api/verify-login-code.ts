import type { AuthResponse } from '@screenroom/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSignedIn } from './session';

export const verifyLoginCode = (code: string) =>
  api.post<AuthResponse>('/presenters/verifyLoginCode', { code });

export function useVerifyLoginCode() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: verifyLoginCode, onSuccess: signedIn, meta: { silent: true } });
}
