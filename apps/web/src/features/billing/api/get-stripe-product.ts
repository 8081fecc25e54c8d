import type { StripeProduct } from '@screenroom/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const stripeProductKey = ['billing', 'stripe-product'] as const;

export const getStripeProduct = (signal?: AbortSignal) =>
  api
    .get<{ stripeProduct: StripeProduct }>('/presenters/fetchStripeProduct', { signal })
    .then((r) => r.stripeProduct);

/** `silent`: the screen says itself that the plan could not be loaded, so no toast says it again. */
export const stripeProductQuery = (options: { pollMs?: number; silent?: boolean } = {}) =>
  queryOptions({
    queryKey: stripeProductKey,
    queryFn: ({ signal }) => getStripeProduct(signal),
    refetchInterval: options.pollMs ?? false,
    meta: { silent: options.silent ?? false },
  });

export const useStripeProduct = (options?: { pollMs?: number; silent?: boolean }) =>
  useQuery(stripeProductQuery(options));
