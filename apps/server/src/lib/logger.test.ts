import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

const options = loggerOptions('info') as { serializers: { req: (req: FastifyRequest) => { url: string } } };
const logged = (url: string) =>
  options.serializers.req({ method: 'GET', url, ip: '127.0.0.1' } as FastifyRequest).url;

describe('request log lines', () => {
  it('never carry a viewer’s link: the watch page’s address is the link', () => {
    const token = 'DBzg4jLAtUgXrz-mUN_hwanA5e05_bL_';
    expect(logged(`/watch/${token}`)).toBe('/watch/[redacted]');
    expect(logged(`/watch/${token}?from=mail`)).toBe('/watch/[redacted]?from=mail');
    expect(logged(`/v1/watch/links/${token}/sessions`)).toBe('/v1/watch/links/[redacted]/sessions');
    expect(logged('/watch/a/kMAruxpjuptFZdOgcQ_3sA')).toBe('/watch/a/[redacted]');
  });

  it('never carry a market code: it lets anyone ask for a link to each film the market lists', () => {
    expect(logged('/market/CANNES-2026')).toBe('/market/[redacted]');
    expect(logged('/market/CANNES-2026?from=mail')).toBe('/market/[redacted]?from=mail');
    expect(logged('/v1/markets/public/CANNES-2026')).toBe('/v1/markets/public/[redacted]');
    expect(logged('/v1/markets/public/CANNES-2026/requestAccess')).toBe(
      '/v1/markets/public/[redacted]/requestAccess',
    );
  });

  it('never carry what the web app keeps from its analytics: an image’s signature, a linking state', () => {
    expect(logged('/v1/media/videos/v1/images/logo-abcdefabcdef.png?sig=0123abcd')).toBe(
      '/v1/media/videos/v1/images/logo-abcdefabcdef.png?sig=%5Bredacted%5D',
    );
    expect(logged('/presenters?code=c0de&state=eyJx')).toBe(
      '/presenters?code=%5Bredacted%5D&state=%5Bredacted%5D',
    );
  });

  it('redact a link typed with a doubled slash too', () => {
    expect(logged('//watch/DBzg4jLAtUgXrz-mUN_hwanA5e05_bL_')).toBe('//watch/[redacted]');
    expect(logged('//market/CANNES-2026')).toBe('//market/[redacted]');
  });

  it('keep what is no secret: a session’s id (its token is in the query) and other pages', () => {
    const session = '/v1/watch/sessions/0b6f3c9e-4a55-4f3b-9b0e-6c2f1d1f7a10/keys/k1?token=eyJx';
    expect(logged(session)).toBe(
      '/v1/watch/sessions/0b6f3c9e-4a55-4f3b-9b0e-6c2f1d1f7a10/keys/k1?token=%5Bredacted%5D',
    );
    expect(logged('/screeners/abc/tracking-links')).toBe('/screeners/abc/tracking-links');
  });
});
