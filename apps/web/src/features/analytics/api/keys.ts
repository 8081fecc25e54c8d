/** Every analytics query lives under one key, so new sessions can refresh them all at once. */
export const analyticsKey = ['analytics'] as const;
export const linkAnalyticsKey = (trackingLinkId: string) =>
  [...analyticsKey, 'link', trackingLinkId] as const;
export const videoAnalyticsKey = (videoId: string) => [...analyticsKey, 'video', videoId] as const;

/** Figures move while viewers watch: refetched on focus and at most this often while shown. */
export const ANALYTICS_STALE_MS = 30_000;
