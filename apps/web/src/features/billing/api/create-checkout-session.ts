import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const createCheckoutSession = () =>
  api.post<{ url: string }>('/presenters/createStripeCheckoutSession', { rule_set: 'PROFESSIONAL' });

/** Opens Stripe Checkout: the browser leaves for Stripe's page and comes back to /pricing-plans. */
export const useCreateCheckoutSession = () =>
  useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => window.location.assign(url),
  });
