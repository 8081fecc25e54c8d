import { countryName } from '@screenroom/shared/countries';
import type { SessionSummary } from '@screenroom/shared/schemas/analytics';
import { deviceLabel } from '../../../lib/format';

/** A country's name; sessions whose country the geo lookup could not tell read "Unknown". */
export const countryLabel = (code: string | null | undefined) => (code ? countryName(code) : 'Unknown');

/** "Desktop · Chrome · France": where and on what a session was watched. */
export const sessionWhere = (s: SessionSummary) =>
  [s.device && deviceLabel(s.device), s.browser, s.country && countryLabel(s.country)]
    .filter(Boolean)
    .join(' · ') || 'Unknown device';

export const replayPath = (videoId: string, trackingLinkId: string, sessionId: string) =>
  `/analytics/${videoId}/tracking-links/${trackingLinkId}?sid=${sessionId}`;
