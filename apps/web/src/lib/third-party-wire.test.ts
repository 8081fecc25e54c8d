/// <reference types="node" />
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Presenter } from '@screenroom/shared/schemas/presenters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSentry } from '../../../server/test/fake-sentry';
import { reportError, setErrorReportingUser, startErrorReporting } from './error-reporting';
import { identifyPresenter, personPropertiesOf, startProductAnalytics } from './product-analytics';

/**
 * The real posthog-js and @sentry/react, talking over HTTP to local servers that answer as PostHog's and
 * Sentry's ingest endpoints do: what leaves the browser is what the services would receive.
 */

type Captured = { path: string; body: unknown };

/** A local PostHog: remote config, feature flags, and event batches (gzip-compressed JSON). */
async function startFakePostHog() {
  const requests: Captured[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (raw[0] === 0x1f && raw[1] === 0x8b) raw = gunzipSync(raw);
      const text = raw.toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {}
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ path, body });
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      res.end(
        path.startsWith('/flags')
          ? JSON.stringify({ flags: {}, errorsWhileComputingFlags: false })
          : '{"status":1}',
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    host: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const waitFor = async <T>(find: () => T | undefined, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error('nothing arrived in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const presenter: Presenter = {
  id: '0b6a9a62-1e1f-4e51-9f0d-3c2b1a0f9e8d',
  email: 'ana@film.co',
  name: 'Ana Film',
  is_onboarding_completed: true,
  onboarding: { vimeo_linking: true, video_creation: true, screener_creation: true },
  rule_set: 'PROFESSIONAL',
  is_admin: false,
  timezone: 'Asia/Tokyo',
  theme: 'dark',
  player_settings: { autoPlay: false, syncingWithVideoPlayer: true, autoJumpToNextSession: true },
  vimeo_linked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
};

let posthog: Awaited<ReturnType<typeof startFakePostHog>>;
let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
beforeAll(async () => {
  // happy-dom announces itself as a robot; PostHog drops robots' events, as it should.
  Object.defineProperty(navigator, 'userAgent', {
    value:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    configurable: true,
  });
  Object.defineProperty(navigator, 'webdriver', { value: false, configurable: true });
  [posthog, sentry] = await Promise.all([startFakePostHog(), startFakeSentry()]);
});
afterAll(async () => {
  await posthog.close();
  await sentry.close();
});

describe('PostHog over the wire', () => {
  it('identifies the presenter with plan, films and onboarding state', async () => {
    await startProductAnalytics({ key: 'phc_wiretest', host: posthog.host });
    identifyPresenter(
      presenter,
      personPropertiesOf(presenter, { rule_set: 'PROFESSIONAL', usage: { videos: 4, tracking_links: 9 } }),
    );
    type Event = { event: string; properties: Record<string, unknown>; $set?: Record<string, unknown> };
    const identify = await waitFor(() =>
      posthog.requests
        .filter((r) => r.path.startsWith('/e'))
        // PostHog's batch endpoint: { api_key, batch: [events] }.
        .flatMap((r) => (r.body as { api_key: string; batch?: Event[] } | null)?.batch ?? [])
        .find((e) => e.event === '$identify'),
    );
    expect(identify.properties).toMatchObject({ distinct_id: presenter.id });
    const batch = posthog.requests.find((r) => (r.body as { batch?: Event[] })?.batch?.includes(identify));
    expect((batch!.body as { api_key: string }).api_key).toBe('phc_wiretest');
    expect(identify.$set).toMatchObject({
      email: 'ana@film.co',
      plan: 'PROFESSIONAL',
      films: 4,
      tracking_links: 9,
      onboarding_state: 'completed',
    });
  }, 20_000);
});

describe('Sentry over the wire', () => {
  it('sends a browser error with the presenter id and nothing else about them', async () => {
    await startErrorReporting({ dsn: sentry.dsn, environment: 'test' });
    setErrorReportingUser(presenter.id);
    reportError(new Error('The screener list could not render'));
    const event = await waitFor(() => sentry.events()[0]);
    const exception = (event.exception as { values: { value: string }[] }).values.at(-1)!;
    expect(exception.value).toBe('The screener list could not render');
    expect(event).toMatchObject({ environment: 'test', user: { id: presenter.id } });
    expect(JSON.stringify(event)).not.toContain('ana@film.co');
  }, 20_000);
});
