import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPortalSessionUrl = () => api.get<{ url: string }>('/presenters/fetchStripePortalSessionUrl');

/** Opens Stripe's billing portal (a fresh, short-lived session each time, so it is asked on click). */
export const useOpenBillingPortal = () =>
  useMutation({
    mutationFn: getPortalSessionUrl,
    onSuccess: ({ url }) => window.location.assign(url),
  });
