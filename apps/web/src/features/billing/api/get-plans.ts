import type { PlansResponse } from '@screenroom/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPlans = (signal?: AbortSignal) => api.get<PlansResponse>('/billing/plans', { signal });

export const plansQuery = queryOptions({
  queryKey: ['billing', 'plans'],
  queryFn: ({ signal }) => getPlans(signal),
  staleTime: 5 * 60_000,
  // The pricing page, its only reader, says so itself (with Try again) when they cannot be loaded.
  meta: { silent: true },
});

export const usePlans = () => useQuery(plansQuery);
