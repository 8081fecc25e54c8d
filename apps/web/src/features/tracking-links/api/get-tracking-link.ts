import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { trackingLinkKey } from './keys';

export const getTrackingLink = (id: string, signal?: AbortSignal) =>
  api.get<{ screener: TrackingLink }>(apiPath`/screeners/${id}`, { signal }).then((r) => r.screener);

/** One tracking link; nothing is asked for while `id` is empty (a dialog that is about to make one). */
export const useTrackingLink = (id: string) =>
  useQuery({
    queryKey: trackingLinkKey(id),
    queryFn: ({ signal }) => getTrackingLink(id, signal),
    enabled: id !== '',
    // Every screen that reads it says so itself when the link is missing (LinkNotFound and the like).
    meta: { silent: true },
  });
