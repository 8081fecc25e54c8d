import { countryInSentence } from '@screenroom/shared/countries';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { formatDateTime } from './format';

type Limits = Pick<TrackingLink, 'usage_limit' | 'ends_at' | 'geo_restriction'>;

const countries = (codes: string[], shown: number) =>
  codes.length > shown
    ? `${codes.slice(0, shown).map(countryInSentence).join(', ')} and ${codes.length - shown} more`
    : codes.map(countryInSentence).join(', ');

const endPart = (endsAt: string, timezone: string) => `until ${formatDateTime(endsAt, timezone)}`;

const geoPart = ({ type, countries: codes }: Limits['geo_restriction'], shown: number) =>
  type === 'allow'
    ? `only in ${countries(codes, shown)}`
    : type === 'block'
      ? `not in ${countries(codes, shown)}`
      : null;

/** The link's limits in one line, so a wrong one (the wrong country picked) shows before it is sent. */
export function limitsSummary(link: Limits, timezone: string) {
  const { usage_limit: limit, ends_at: endsAt } = link;
  return [
    limit === null ? 'Any number of viewings' : `${limit} viewing${limit === 1 ? '' : 's'}`,
    endsAt ? endPart(endsAt, timezone) : 'no end date',
    geoPart(link.geo_restriction, Number.POSITIVE_INFINITY) ?? 'every country',
  ].join(' · ');
}

/**
 * The end date and the country rule a link has, and nothing for those it has not: a line under its status
 * in the viewers' list (the viewing limit shows beside the sessions). Long country lists are cut short.
 * A revoked link says when it was revoked instead.
 */
export function endAndCountries(
  link: Limits & Partial<Pick<TrackingLink, 'status' | 'revoked_at'>>,
  timezone: string,
  now = new Date(),
) {
  // A revoked link's limits no longer say anything ("until 27 Dec" read as if it still worked): when.
  if (link.status === 'revoked')
    return link.revoked_at ? `revoked ${formatDateTime(link.revoked_at, timezone)}` : '';
  const { ends_at: endsAt } = link;
  const end =
    endsAt &&
    (new Date(endsAt) <= now ? `ended ${formatDateTime(endsAt, timezone)}` : endPart(endsAt, timezone));
  return [end, geoPart(link.geo_restriction, 3)].filter(Boolean).join(' · ');
}
