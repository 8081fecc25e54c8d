import { countryName } from '@screenroom/shared/countries';
import type { SessionSummary } from '@screenroom/shared/schemas/analytics';

/** "Desktop · Chrome · France": where and on what a session was watched. */
export const sessionWhere = (s: SessionSummary) =>
  [s.device && s.device[0]?.toUpperCase() + s.device.slice(1), s.browser, s.country && countryName(s.country)]
    .filter(Boolean)
    .join(' · ') || 'Unknown device';

export const replayPath = (videoId: string, trackingLinkId: string, sessionId: string) =>
  `/analytics/${videoId}/tracking-links/${trackingLinkId}?sid=${sessionId}`;
