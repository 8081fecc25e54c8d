import type { StripeProduct } from '@screenroom/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const stripeProductKey = ['billing', 'stripe-product'] as const;

export const getStripeProduct = (signal?: AbortSignal) =>
  api
    .get<{ stripeProduct: StripeProduct }>('/presenters/fetchStripeProduct', { signal })
    .then((r) => r.stripeProduct);

export const stripeProductQuery = (options: { pollMs?: number } = {}) =>
  queryOptions({
    queryKey: stripeProductKey,
    queryFn: ({ signal }) => getStripeProduct(signal),
    refetchInterval: options.pollMs ?? false,
  });

export const useStripeProduct = (options?: { pollMs?: number }) => useQuery(stripeProductQuery(options));
