import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { describe, expect, it } from 'vitest';
import { endAndCountries, limitsSummary } from './link-limits';

const link = (limits: Partial<TrackingLink>) =>
  ({
    usage_limit: null,
    ends_at: null,
    geo_restriction: { type: 'none', countries: [] },
    ...limits,
  }) as TrackingLink;

describe('an access link’s limits in one line', () => {
  it('says when there are none', () => {
    expect(limitsSummary(link({}), 'UTC')).toBe('Any number of viewings · no end date · every country');
  });

  it('names the limit, the end in the presenter’s time zone and the countries', () => {
    expect(
      limitsSummary(
        link({
          usage_limit: 1,
          ends_at: '2026-12-12T17:00:00.000Z',
          geo_restriction: { type: 'allow', countries: ['KP'] },
        }),
        'Europe/Berlin',
      ),
    ).toBe('1 viewing · until 12 Dec 2026, 18:00 · only in North Korea');
    expect(
      limitsSummary(
        link({ usage_limit: 3, geo_restriction: { type: 'block', countries: ['FR', 'DE'] } }),
        'UTC',
      ),
    ).toBe('3 viewings · no end date · not in France, Germany');
    expect(limitsSummary(link({ geo_restriction: { type: 'allow', countries: ['US', 'GB'] } }), 'UTC')).toBe(
      'Any number of viewings · no end date · only in the United States, the United Kingdom',
    );
  });
});

describe('the end and country rule under a viewer’s status', () => {
  it('is empty for a link with neither', () => {
    expect(endAndCountries(link({ usage_limit: 3 }), 'UTC')).toBe('');
  });

  it('names the end and cuts a long list of countries short', () => {
    expect(
      endAndCountries(
        link({
          ends_at: '2026-12-12T17:00:00.000Z',
          geo_restriction: { type: 'block', countries: ['FR', 'DE', 'IT', 'ES', 'PT'] },
        }),
        'UTC',
        new Date('2026-12-01T00:00:00Z'),
      ),
    ).toBe('until 12 Dec 2026, 17:00 · not in France, Germany, Italy and 2 more');
    expect(
      endAndCountries(link({ ends_at: '2026-12-12T17:00:00.000Z' }), 'UTC', new Date('2026-12-13T00:00:00Z')),
    ).toBe('ended 12 Dec 2026, 17:00');
  });

  it('says when a revoked link was revoked, not until when it would have worked', () => {
    const revoked = link({
      status: 'revoked',
      revoked_at: '2026-11-27T08:15:00.000Z',
      ends_at: '2026-12-27T08:10:00.000Z',
      geo_restriction: { type: 'allow', countries: ['FR'] },
    });
    expect(endAndCountries(revoked, 'UTC', new Date('2026-12-01T00:00:00Z'))).toBe(
      'revoked 27 Nov 2026, 08:15',
    );
  });
});
