import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config';
import { SERVER_ROOT } from './lib/paths';

const secrets = { JWT_SECRET: 'j'.repeat(40), MASTER_KEY: 'a'.repeat(64) };

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ ...secrets, DATA_DIR: '/tmp/screenroom-config-test' });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      env: 'development',
      devOutbox: true,
    });
    expect(config.masterKey).toHaveLength(32);
  });

  it('names each bad setting in a clear message, without echoing secrets', () => {
    expect(() => loadConfig({ ...secrets, PORT: 'eighty' })).toThrow(
      /PORT: must be a port number \(got "eighty"\)/,
    );
    expect(() => loadConfig({ ...secrets, PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
    // Each number setting says what it wants; the bound, not "must be a number", for a number out of range.
    expect(() => loadConfig({ ...secrets, UPLOAD_MAX_BYTES: '100' })).toThrow(
      /UPLOAD_MAX_BYTES: must be at least 1024 \(got "100"\)/,
    );
    expect(() => loadConfig({ ...secrets, PLAN_FREE_VIDEO_LIMIT: '-1' })).toThrow(
      /PLAN_FREE_VIDEO_LIMIT: must be at least 0/,
    );
    expect(() => loadConfig({ ...secrets, WORKER_CONCURRENCY: '64' })).toThrow(
      /WORKER_CONCURRENCY: must be at most 16/,
    );
    expect(() => loadConfig({ ...secrets, ENCRYPT_DELAY_SECONDS: '1.5' })).toThrow(
      /ENCRYPT_DELAY_SECONDS: must be a number of seconds/,
    );
    expect(() => loadConfig({ ...secrets, HLS_SEGMENT_SECONDS: 'four' })).toThrow(
      /HLS_SEGMENT_SECONDS: must be a number of seconds/,
    );
    expect(() => loadConfig({ ...secrets, MASTER_KEY: 'short' })).toThrow(
      /MASTER_KEY: must be 64 hex characters/,
    );
    try {
      loadConfig({ ...secrets, DATABASE_URL: 'mysql://user:topsecret@db' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
      expect((error as Error).message).not.toContain('topsecret');
    }
  });

  it('refuses to start in production without real secrets and mail', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /production needs JWT_SECRET, MASTER_KEY, PUBLIC_URL, SMTP_URL/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...secrets,
        PUBLIC_URL: 'https://screeners.example.com/',
        SMTP_URL: 'smtp://mail.example.com:587',
      }),
    ).toMatchObject({ devOutbox: false, publicUrl: 'https://screeners.example.com' });
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ ...secrets, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...secrets, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...secrets, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('reads the Vimeo settings: OAuth only with both client settings', () => {
    expect(loadConfig(secrets).vimeo).toEqual({ apiUrl: 'https://api.vimeo.com', oauth: null });
    expect(
      loadConfig({
        ...secrets,
        VIMEO_API_URL: 'http://127.0.0.1:4010/',
        VIMEO_CLIENT_ID: 'client-1',
        VIMEO_CLIENT_SECRET: 'shh',
      }).vimeo,
    ).toEqual({ apiUrl: 'http://127.0.0.1:4010', oauth: { clientId: 'client-1', clientSecret: 'shh' } });
    expect(() => loadConfig({ ...secrets, VIMEO_CLIENT_ID: 'client-1' })).toThrow(
      /VIMEO_CLIENT_ID and VIMEO_CLIENT_SECRET go together/,
    );
    expect(() => loadConfig({ ...secrets, VIMEO_API_URL: 'ftp://vimeo' })).toThrow(
      /VIMEO_API_URL: must be an http\(s\) URL/,
    );
  });

  it('takes Stripe settings together, checks their form, and reads the API base', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
      STRIPE_PRICE_PROFESSIONAL: 'price_789',
    };
    expect(loadConfig(secrets).stripe).toBeNull();
    expect(() => loadConfig({ ...secrets, STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(
      /Stripe billing needs .* missing STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PROFESSIONAL/,
    );
    expect(() => loadConfig({ ...secrets, ...stripe, STRIPE_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/,
    );
    const config = loadConfig({ ...secrets, ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(config.stripe).toMatchObject({ secretKey: 'sk_test_abc123', priceProfessional: 'price_789' });
    expect(config.stripe?.apiBase?.port).toBe('12111');
    try {
      loadConfig({ ...secrets, ...stripe, STRIPE_SECRET_KEY: 'pk_live_oops' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
      expect((error as Error).message).not.toContain('pk_live_oops');
    }
  });

  it('needs both reCAPTCHA keys, and reads analytics, error reporting and log retention', () => {
    expect(() => loadConfig({ ...secrets, RECAPTCHA_SITE_KEY: '6LeIxAcTAAAAAJcZ' })).toThrow(
      /reCAPTCHA needs both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY/,
    );
    const config = loadConfig({
      ...secrets,
      RECAPTCHA_SITE_KEY: '6LeIxAcTAAAAAJcZ',
      RECAPTCHA_SECRET_KEY: '6LeIxAcTAAAAAGG-',
      POSTHOG_KEY: 'phc_123456789',
      POSTHOG_HOST: 'https://eu.i.posthog.com/',
      LOG_RETENTION_DAYS: '14',
    });
    expect(config.recaptcha?.verifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(config.posthog).toEqual({ key: 'phc_123456789', host: 'https://eu.i.posthog.com' });
    expect(config.logRetentionDays).toBe(14);
    expect(loadConfig(secrets).logRetentionDays).toBe(90);
    expect(() => loadConfig({ ...secrets, LOG_RETENTION_DAYS: '0' })).toThrow(
      /LOG_RETENTION_DAYS: must be at least 1/,
    );
    expect(() => loadConfig({ ...secrets, SENTRY_DSN: 'nope://secret-dsn' })).not.toThrow(/secret-dsn/);
  });

  it('every setting is documented in the README table', () => {
    const readme = readFileSync(path.join(SERVER_ROOT, '../../README.md'), 'utf8');
    for (const key of CONFIG_KEYS)
      expect(readme, `README lacks ${key}`).toMatch(new RegExp(`\\|\\s*\`${key}\`\\s*\\|`));
  });
});
