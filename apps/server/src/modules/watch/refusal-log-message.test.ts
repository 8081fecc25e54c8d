import { describe, expect, it } from 'vitest';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';
import { refusalLogMessage } from './refusal-log-message';

const link = (over: Partial<TrackingLinkRow>) =>
  ({
    id: '0b9a4c1e-53f2-4d6a-9a57-1c2d3e4f5a6b',
    viewerName: null,
    viewerEmail: 'lea@critics.test',
    generatedBy: 'invitation',
    usageLimit: null,
    geoRestrictionType: 'none',
    geoCountries: [],
    ...over,
  }) as TrackingLinkRow;

describe('a refusal in the presenter’s activity log', () => {
  it('names the viewer and says why in words', () => {
    expect(refusalLogMessage('Watch link', 'limit_reached', link({ usageLimit: 3 }), null)).toBe(
      "Watch link of lea@critics.test refused: the link's 3 viewings are used",
    );
    expect(refusalLogMessage('Heartbeat', 'revoked', link({ viewerName: 'Lea' }), null)).toBe(
      'Heartbeat of Lea refused: the link is revoked',
    );
    expect(
      refusalLogMessage(
        'Watch link',
        'disabled',
        link({ viewerEmail: null, generatedBy: 'magic_link' }),
        null,
      ),
    ).toBe("Watch link of Anonymous viewer 5A6B refused: the film's anonymous link is disabled");
    expect(
      refusalLogMessage(
        'Watch link',
        'geo_blocked',
        link({ geoRestrictionType: 'allow', geoCountries: ['US'] }),
        null,
      ),
    ).toBe(
      'Watch link of lea@critics.test refused: opened from an unknown country, and the link is only for the United States',
    );
  });

  it('names nobody where there is no link, or it is the presenter’s own preview', () => {
    expect(refusalLogMessage('Watch link', 'not_found', undefined, null)).toBe(
      'Watch link refused: no link has this address',
    );
    expect(refusalLogMessage('Preview link', 'preview_only', link({ generatedBy: 'preview' }), null)).toBe(
      'Preview link refused: a preview opens only where its presenter is signed in',
    );
  });
});
