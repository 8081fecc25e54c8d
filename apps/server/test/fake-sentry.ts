import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export type SentryEnvelopeItem = { header: Record<string, unknown>; payload: Record<string, unknown> };

/**
 * A local stand-in for a Sentry ingest host: receives envelopes at /api/{project}/envelope/ (newline-
 * separated JSON: envelope header, then item header + payload pairs) and keeps their items.
 */
export async function startFakeSentry() {
  const items: SentryEnvelopeItem[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!/^\/api\/\d+\/envelope\/?/.test(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        items.push({ header: JSON.parse(lines[i]!), payload: JSON.parse(lines[i + 1]!) });
      }
      // Sentry's ingest answers browsers with CORS headers too.
      res
        .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        .end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/42`,
    items,
    events: () => items.filter((i) => i.header.type === 'event').map((i) => i.payload),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
