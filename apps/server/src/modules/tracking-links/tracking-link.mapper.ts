import { minutesOf } from '@screenroom/shared/minutes';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import type { InvitationRow } from '../../db/schema/sharing';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';

export const watchUrl = (publicUrl: string, token: string) => `${publicUrl}/watch/${token}`;

export function toTrackingLinkDto(
  row: TrackingLinkRow,
  invitation: InvitationRow | undefined,
  accessUrl: string,
): TrackingLink {
  return {
    id: row.id,
    video_id: row.videoId,
    viewer_name: row.viewerName,
    viewer_email: row.viewerEmail,
    usage_limit: row.usageLimit,
    ends_at: row.endsAt?.toISOString() ?? null,
    geo_restriction: { type: row.geoRestrictionType, countries: row.geoCountries },
    generated_by: row.generatedBy,
    status: row.status,
    revoked_at: row.status === 'revoked' ? (row.revokedAt?.toISOString() ?? null) : null,
    editable: row.generatedBy !== 'magic_link' && row.generatedBy !== 'preview',
    access_url: accessUrl,
    invite_date: row.invitedAt?.toISOString() ?? null,
    sessions: row.sessionsCount,
    views: row.viewsCount,
    watched_minutes: minutesOf(row.watchedSeconds),
    clicks: row.clicksCount,
    country: row.lastCountry,
    device: row.lastDevice,
    browser: row.lastBrowser,
    last_active: row.lastActiveAt?.toISOString() ?? null,
    invitation: invitation
      ? {
          status: invitation.status,
          error: invitation.error,
          sent_at: invitation.sentAt?.toISOString() ?? null,
          from: invitation.fromName,
          subject: invitation.subject,
        }
      : null,
    created_at: row.createdAt.toISOString(),
  };
}
