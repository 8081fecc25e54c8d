import { type AudienceQuery, audienceQuery } from '@screenroom/shared/schemas/tracking-links';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const ADDRESS_KEYS = ['search', 'status', 'source', 'sort', 'order', 'page'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];
const DEFAULTS = audienceQuery.parse({});

/** The list's query from the address. An edited or stale value falls back to its default, field by field. */
export function readAudienceQuery(params: URLSearchParams): AudienceQuery {
  const query: Record<string, unknown> = {};
  for (const key of ADDRESS_KEYS) {
    const value = params.get(key);
    const field = value === null ? null : audienceQuery.shape[key].safeParse(value);
    if (field?.success && field.data !== undefined) query[key] = field.data;
  }
  return { ...DEFAULTS, ...query };
}

/** The address for a query: only what differs from the defaults, other parameters kept. */
export function writeAudienceQuery(params: URLSearchParams, query: AudienceQuery) {
  const next = new URLSearchParams(params);
  for (const key of ADDRESS_KEYS) {
    const value = query[key as AddressKey];
    if (value === undefined || value === '' || value === DEFAULTS[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * The audience list's search, filters, sort and page live in the address, so Back from a viewer's
 * page, a reload or a shared address shows the same view. A new page of results is a step in the
 * history; the rest replaces the current entry.
 */
export function useAudienceParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: Partial<AudienceQuery>) =>
      setParams((prev) => writeAudienceQuery(prev, { ...readAudienceQuery(prev), ...change }), {
        replace: !('page' in change && Object.keys(change).length === 1),
      }),
    [setParams],
  );
  return [readAudienceQuery(params), update] as const;
}
