import { describe, expect, it } from 'vitest';
import { readAudienceQuery, writeAudienceQuery } from './use-audience-params';

describe('the audience list in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(readAudienceQuery(new URLSearchParams())).toEqual({
      sort: 'invite_date',
      order: 'desc',
      page: 1,
      limit: 20,
    });
  });

  it('reads search, filters, sort and page back as written, and writes only what differs', () => {
    const query = {
      search: 'Cannes',
      status: 'revoked',
      source: 'invitation',
      sort: 'viewer',
      order: 'asc',
      page: 3,
      limit: 20,
    } as const;
    const written = writeAudienceQuery(new URLSearchParams('tab=x'), query);
    expect(written.toString()).toBe(
      'tab=x&search=Cannes&status=revoked&source=invitation&sort=viewer&order=asc&page=3',
    );
    expect(readAudienceQuery(written)).toEqual(query);
    expect(writeAudienceQuery(written, readAudienceQuery(new URLSearchParams())).toString()).toBe('tab=x');
  });

  it('falls back field by field when the address was edited by hand', () => {
    const query = readAudienceQuery(
      new URLSearchParams('sort=height&order=up&page=-2&status=revoked&source=x'),
    );
    expect(query).toEqual({ sort: 'invite_date', order: 'desc', page: 1, limit: 20, status: 'revoked' });
  });
});
