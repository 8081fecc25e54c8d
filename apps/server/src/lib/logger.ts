import { SECRET_QUERY_PARAMETERS } from '@screenroom/shared/secret-query-parameters';
import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets, in lower case: never written to a log line. */
const SECRET_PARAMS = new Set(
  [...SECRET_QUERY_PARAMETERS, 'otp', 'key', 'access_token', 'playbacktoken', 'signature'].map((name) =>
    name.toLowerCase(),
  ),
);

export function redactUrl(url: string) {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...params.keys()])
    if (SECRET_PARAMS.has(name.toLowerCase())) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * Path segments that are secrets: a viewer's link token, an anonymous-link code, a market code (with it,
 * anyone may ask for a link to each film the market lists).
 */
const SECRET_PATHS = /\/(watch\/links|watch\/a|markets\/public)\/[^/?]+/g;
/** The watch page's own address, `/watch/{token}`: the viewer's link itself, all anyone needs to watch. */
const WATCH_PAGE = /^(\/+)watch\/(?!a\/)[^/?]+/;
/** The market's public page, `/market/{code}`. */
const MARKET_PAGE = /^(\/+)market\/[^/?]+/;
const redactPath = (url: string) =>
  url
    .replace(SECRET_PATHS, '/$1/[redacted]')
    .replace(WATCH_PAGE, '$1watch/[redacted]')
    .replace(MARKET_PAGE, '$1market/[redacted]');

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.token',
        '*.otp',
        '*.code',
        '*.password',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: redactPath(redactUrl(req.url)),
        remoteAddress: req.ip,
      }),
    },
  };
}
