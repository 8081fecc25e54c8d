/** Every tracking-link query of a film lives under this key, so one change refreshes them all. */
export const trackingLinksKey = (videoId: string) => ['videos', videoId, 'tracking-links'] as const;
export const trackingLinkKey = (id: string) => ['tracking-links', id] as const;
