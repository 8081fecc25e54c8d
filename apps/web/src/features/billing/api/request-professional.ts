import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stripeProductKey } from './get-stripe-product';

/** Without billing: asks the administrators for Professional (they are mailed once a day at most). */
export function useRequestProfessional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ requested_at: string; mailed: boolean }>('/billing/requestProfessional', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stripeProductKey }),
  });
}
