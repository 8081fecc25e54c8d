import type { SessionSummary } from '@screenroom/shared/schemas/analytics';
import { countryLabel } from '../../../lib/country-label';
import { deviceLabel } from '../../../lib/format';

/** "Desktop · Chrome · France": where and on what a session was watched. */
export const sessionWhere = (s: SessionSummary) =>
  [s.device && deviceLabel(s.device), s.browser, s.country && countryLabel(s.country)]
    .filter(Boolean)
    .join(' · ') || 'Unknown device';

export const replayPath = (videoId: string, trackingLinkId: string, sessionId: string) =>
  `/analytics/${videoId}/tracking-links/${trackingLinkId}?sid=${sessionId}`;
