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

  it('every setting is documented in the README table', () => {
    const readme = readFileSync(path.join(SERVER_ROOT, '../../README.md'), 'utf8');
    for (const key of CONFIG_KEYS)
      expect(readme, `README lacks ${key}`).toMatch(new RegExp(`\\|\\s*\`${key}\`\\s*\\|`));
  });
});
