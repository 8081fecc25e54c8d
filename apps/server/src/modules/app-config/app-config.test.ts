import { MESSAGES } from '@screenroom/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { publicConfigOf } from './app-config.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /app-config', () => {
  it('says every integration is off by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/app-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ billing: { enabled: false }, captcha: null, posthog: null, sentry: null });
  });

  it('gives the public keys of configured integrations, never their secrets', () => {
    const secrets = {
      STRIPE_SECRET_KEY: 'sk_test_publicconfigsecret123',
      STRIPE_WEBHOOK_SECRET: 'whsec_publicconfigsecret456',
      RECAPTCHA_SECRET_KEY: 'recaptcha-secret-789-xyz',
    };
    const config = loadConfig({
      JWT_SECRET: 'j'.repeat(40),
      MASTER_KEY: 'a'.repeat(64),
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://screeners.example.com',
      SMTP_URL: 'smtp://mail.example.com',
      STRIPE_PRICE_PROFESSIONAL: 'price_123',
      RECAPTCHA_SITE_KEY: '6LeIxAcTAAAAAJcZ',
      POSTHOG_KEY: 'phc_abcdefghijk',
      SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42',
      ...secrets,
    });
    const body = publicConfigOf(config);
    expect(body).toEqual({
      billing: { enabled: true },
      captcha: { site_key: '6LeIxAcTAAAAAJcZ', version: 'v2' },
      posthog: { key: 'phc_abcdefghijk', host: 'https://us.i.posthog.com' },
      sentry: { dsn: 'https://abc123@o1.ingest.sentry.io/42', environment: 'production' },
    });
    for (const secret of Object.values(secrets)) expect(JSON.stringify(body)).not.toContain(secret);
  });
});

describe('without Stripe configuration', () => {
  it('everyone is FREE, the plans say billing is off, and the payment calls answer why', async () => {
    const me = await t.signUp();
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: me.headers });
    expect((await get('/v1/presenters/fetchStripeProduct')).json().stripeProduct).toMatchObject({
      rule_set: 'FREE',
      has_billing_account: false,
    });
    expect((await get('/v1/billing/plans')).json()).toMatchObject({
      billing_enabled: false,
      administrators: true, // the test app names one (ADMIN_EMAILS)
      plans: [
        { rule_set: 'FREE', price: null },
        { rule_set: 'PROFESSIONAL', name: 'Professional', price: null },
      ],
    });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/v1/presenters/createStripeCheckoutSession',
      headers: me.headers,
      payload: { rule_set: 'PROFESSIONAL' },
    });
    const portal = await get('/v1/presenters/fetchStripePortalSessionUrl');
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    for (const res of [checkout, portal, webhook]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.billingNotConfigured);
    }
  });

  it('answers bad input with its 400 first, as it would with billing set up', async () => {
    const me = await t.signUp();
    const checkout = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/presenters/createStripeCheckoutSession',
        headers: me.headers,
        payload,
      });
    for (const payload of [{ rule_set: 'FREE' }, {}]) {
      const res = await checkout(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/Only the Professional plan can be bought|rule_set/);
    }
    const webhook = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/billing/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json', ...headers },
      });
    const unsigned = await webhook({});
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    const oversized = await webhook({ 'stripe-signature': 'x'.repeat(2001) });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().message).toMatch(/stripe-signature/i);
    // The API document says so.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/v1/billing/webhook'].post.description).toContain('without a signature is still a 400');
    expect(doc.paths['/v1/presenters/createStripeCheckoutSession'].post.description).toContain(
      'whether or not billing is set up',
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes the billing, administration, logs and app-config routes with tags and summaries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string, string][] = [
      ['/v1/presenters/fetchStripeProduct', 'get', 'Plans and billing'],
      ['/v1/presenters/fetchStripePortalSessionUrl', 'get', 'Plans and billing'],
      ['/v1/presenters/createStripeCheckoutSession', 'post', 'Plans and billing'],
      ['/v1/billing/plans', 'get', 'Plans and billing'],
      ['/v1/billing/webhook', 'post', 'Plans and billing'],
      ['/v1/admin/presenters', 'get', 'Administration'],
      ['/v1/admin/presenters/{id}/plan', 'put', 'Administration'],
      ['/v1/logs', 'get', 'Logs'],
      ['/v1/logs/all', 'get', 'Logs'],
      ['/v1/logs/facets', 'get', 'Logs'],
      ['/v1/logs/all/facets', 'get', 'Logs'],
      ['/v1/app-config', 'get', 'App'],
    ];
    for (const [path, method, tag] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual([tag]);
      expect(operation.summary.length).toBeGreaterThan(10);
    }
    const logParams = doc.paths['/v1/logs'].get.parameters.map((p: { name: string }) => p.name);
    expect(logParams).toEqual(
      expect.arrayContaining(['level', 'type', 'module', 'from', 'to', 'search', 'page', 'limit']),
    );
  });
});
