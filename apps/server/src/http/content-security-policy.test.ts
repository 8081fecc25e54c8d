import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/fakes/s3';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createS3Storage } from '../infra/storage/s3-storage';
import { contentSecurityDirectives, signedUrlOrigin } from './content-security-policy';

/** The policy's directives by name, each with its sources. */
function directivesOf(policy: string | undefined) {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

async function policyOf(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
  return directivesOf(res.headers['content-security-policy'] as string);
}

describe('the Content-Security-Policy of a server with no third parties configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets scripts connect to no host but ours, and show images only from ours and Vimeo', async () => {
    const policy = await policyOf(t);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.vimeocdn.com']);
    expect(policy['frame-src']).toContain('https://player.vimeo.com');
    for (const directive of ['connect-src', 'img-src', 'default-src', 'media-src'])
      expect(policy[directive]).not.toContain('https:');
  });
});

describe('the Content-Security-Policy of a server with S3, PostHog and Sentry', () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({
      ...s3.env,
      POSTHOG_KEY: 'phc_test_project_key',
      POSTHOG_HOST: 'https://eu.i.posthog.com',
      SENTRY_DSN: 'https://public@o123.ingest.sentry.io/456',
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('lets scripts reach the storage the segments are fetched from, PostHog and Sentry, and nothing else', async () => {
    const policy = await policyOf(t);
    expect(policy['connect-src']).toEqual([
      "'self'",
      s3.env.S3_ENDPOINT,
      'https://eu.i.posthog.com',
      'https://eu-assets.i.posthog.com',
      'https://o123.ingest.sentry.io',
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.vimeocdn.com']);
    // Where the browser plays HLS itself (iPhones), the video element follows the segments' redirects.
    expect(policy['media-src']).toEqual(["'self'", 'blob:', s3.env.S3_ENDPOINT]);
  });
});

describe('contentSecurityDirectives', () => {
  it("names the host S3's signed addresses really point at (the bucket's own host when not path-style)", async () => {
    const storage = createS3Storage({
      endpoint: 'https://fra1.digitaloceanspaces.com',
      bucket: 'films',
      region: 'fra1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const origin = await signedUrlOrigin(storage);
    expect(origin).toBe('https://films.fra1.digitaloceanspaces.com');
    expect(
      contentSecurityDirectives({ storageOrigin: origin, posthog: null, sentryDsn: undefined }).connectSrc,
    ).toEqual(["'self'", 'https://films.fra1.digitaloceanspaces.com']);
  });

  it("adds the API and assets hosts posthog-js sends to for PostHog's cloud, even from its older address", () => {
    const directives = contentSecurityDirectives({
      storageOrigin: null,
      posthog: { host: 'https://app.posthog.com' },
      sentryDsn: undefined,
    });
    expect(directives.connectSrc).toEqual([
      "'self'",
      'https://app.posthog.com',
      'https://us.i.posthog.com',
      'https://us-assets.i.posthog.com',
    ]);
  });

  it("takes a self-hosted PostHog's own host, with no assets host of PostHog's cloud", () => {
    const directives = contentSecurityDirectives({
      storageOrigin: null,
      posthog: { host: 'https://analytics.example.com/ingest' },
      sentryDsn: undefined,
    });
    expect(directives.connectSrc).toEqual(["'self'", 'https://analytics.example.com']);
  });
});
