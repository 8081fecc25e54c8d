import type { AuthResponse } from '@screenroom/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const verifyLoginCode = (code: string) =>
  api.post<AuthResponse>('/presenters/verifyLoginCode', { code });

/** Revokes a sign-in this browser was handed but did not keep (the autologin page's "not my account"). */
export const revokeSignIn = (token: string) =>
  api.post<{ ok: true }>('/auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } });

/**
 * Exchanges a sign-in link's code for a sign-in. It is not kept here: the autologin page keeps it
 * (useSignedIn) only once the person confirms the account it names, so a link someone else sent cannot
 * sign them in to that other account unawares (login CSRF).
 */
export function useVerifyLoginCode() {
  return useMutation({ mutationFn: verifyLoginCode, meta: { silent: true } });
}
