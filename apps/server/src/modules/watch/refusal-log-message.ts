import { countryInSentence } from '@screenroom/shared/countries';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';

const countries = (codes: string[]) => codes.map(countryInSentence).join(', ');

/** Why the viewer was refused, in the presenter's words ("limit_reached" said nothing to them). */
function why(reason: string | undefined, link: TrackingLinkRow | undefined, country: string | null) {
  switch (reason) {
    case 'not_found':
      return 'no link has this address';
    case 'revoked':
      return 'the link is revoked';
    case 'disabled':
      return "the film's anonymous link is disabled";
    case 'ended':
      return 'the link has ended';
    case 'limit_reached':
      return link?.usageLimit == null
        ? 'every viewing is used'
        : `the link's ${link.usageLimit === 1 ? 'one viewing is' : `${link.usageLimit} viewings are`} used`;
    case 'geo_blocked': {
      const from = country ? `opened from ${countryInSentence(country)}` : 'opened from an unknown country';
      if (!link) return from;
      return link.geoRestrictionType === 'allow'
        ? `${from}, and the link is only for ${countries(link.geoCountries)}`
        : `${from}, which the link excludes`;
    }
    case 'preview_only':
      return 'a preview opens only where its presenter is signed in';
    default:
      return reason ?? 'refused';
  }
}

/**
 * A refusal as the presenter's activity log shows it: "Watch link of Sarah Lin refused: opened from
 * Germany, and the link is only for the United States". A film still being prepared is no refusal to
 * the presenter: the viewer's page waits and opens the film when it is ready.
 */
export function refusalLogMessage(
  what: string,
  reason: string | undefined,
  link: TrackingLinkRow | undefined,
  country: string | null,
) {
  const who =
    link && link.generatedBy !== 'preview'
      ? ` of ${viewerLabel({
          id: link.id,
          viewer_name: link.viewerName,
          viewer_email: link.viewerEmail,
          generated_by: link.generatedBy,
        })}`
      : '';
  if (reason === 'processing')
    return `${what}${who} opened before the film was ready: the page opens it by itself once it is`;
  return `${what}${who} refused: ${why(reason, link, country)}`;
}
