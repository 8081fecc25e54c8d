import { countryName } from '@screenroom/shared/countries';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { formatDateTime } from '../../lib/format';

/** The link's limits in one line, so a wrong one (the wrong country picked) shows before it is sent. */
export function limitsSummary(link: TrackingLink, timezone: string) {
  const { usage_limit: limit, ends_at: endsAt, geo_restriction: geo } = link;
  const names = geo.countries.map(countryName).join(', ');
  return [
    limit === null ? 'Any number of viewings' : `${limit} viewing${limit === 1 ? '' : 's'}`,
    endsAt ? `until ${formatDateTime(endsAt, timezone)}` : 'no end date',
    geo.type === 'allow' ? `only in ${names}` : geo.type === 'block' ? `not in ${names}` : 'every country',
  ].join(' · ');
}
