import type { AuthResponse } from '@screenroom/shared/schemas/auth';
import type { Presenter } from '@screenroom/shared/schemas/presenters';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { getToken, onTokenChange, setToken } from '../../../lib/auth-token';
import { authPresenterQuery } from './get-auth-presenter';

const subscribe = (onChange: () => void) => onTokenChange(onChange);

export function useToken() {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export type Session =
  | { status: 'loading'; presenter: undefined }
  | { status: 'signed-out'; presenter: undefined }
  | { status: 'signed-in'; presenter: Presenter };

/** Who is signed in: the presenter behind the stored token, once the server has confirmed it. */
export function useSession(): Session {
  const token = useToken();
  const query = useQuery(authPresenterQuery(token));
  if (!token || query.isError) return { status: 'signed-out', presenter: undefined };
  if (!query.data) return { status: 'loading', presenter: undefined };
  return { status: 'signed-in', presenter: query.data };
}

/** The signed-in presenter, for screens that are only reachable signed in. */
export function usePresenter() {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('usePresenter outside a signed-in route');
  return session.presenter;
}

/** Keeps a new sign-in: stores the token and primes the presenter query with the answer. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (response: AuthResponse) => {
      const token = response.tokens.access.token;
      queryClient.setQueryData(authPresenterQuery(token).queryKey, response.presenter);
      setToken(token);
    },
    [queryClient],
  );
}

/** Replaces the cached presenter after an update (profile, onboarding, plan). */
export function useSetPresenter() {
  const queryClient = useQueryClient();
  const token = useToken();
  return useCallback(
    (presenter: Presenter) => queryClient.setQueryData(authPresenterQuery(token).queryKey, presenter),
    [queryClient, token],
  );
}
