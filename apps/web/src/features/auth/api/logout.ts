import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';

export const logout = () => api.post<{ ok: true }>('/auth/logout');

/** Revokes the token on the server, then forgets it and every cached answer, whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { silent: true },
    onSettled: () => {
      setToken(null);
      queryClient.clear();
    },
  });
}
