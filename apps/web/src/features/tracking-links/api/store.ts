import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import type { QueryClient } from '@tanstack/react-query';
import { trackingLinkKey, trackingLinksKey } from './keys';

/** After a change: the link's own query gets the answer; the film's lists and its count refetch. */
export function storeTrackingLink(queryClient: QueryClient, link: TrackingLink) {
  queryClient.setQueryData(trackingLinkKey(link.id), link);
  void queryClient.invalidateQueries({ queryKey: trackingLinksKey(link.video_id) });
  void queryClient.invalidateQueries({ queryKey: ['videos'], exact: true });
  void queryClient.invalidateQueries({ queryKey: ['videos', link.video_id], exact: true });
}
