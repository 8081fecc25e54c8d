import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startBackground } from '../src/container';
import { createDatabase } from '../src/db/client';
import type { Mailer } from '../src/infra/mail/mailer';
import { otpOf, startSmtpCatcher } from './smtp-catcher';

export const ADMIN_EMAIL = 'admin@screenroom.test';

/** A fresh database copied from the migrated template. */
export async function createTestDatabase() {
  const templateUrl = new URL(inject('pgTemplateUrl'));
  const template = templateUrl.pathname.slice(1);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', templateUrl).toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(`/${name}`, templateUrl).toString();
  const db = createDatabase(url, 5);
  const drop = async () => {
    await db.$client.end();
    const c = new pg.Client({ connectionString: new URL('/postgres', templateUrl).toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { db, url, drop };
}

/** The API on a fresh database, sending its mail to an in-process SMTP server. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    smtpFailWith?: () => string | undefined;
    /** Run the pipeline workers in this process. */
    worker?: boolean;
  } = {},
) {
  const smtp = await startSmtpCatcher({ failWith: options.smtpFailWith });
  const { db, url, drop } = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'screenroom-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    MASTER_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: ADMIN_EMAIL,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OTP_SENDS_PER_EMAIL_PER_HOUR: '50',
    PUBLIC_URL: 'http://screenroom.test',
    X264_PRESET: 'ultrafast',
    HLS_SEGMENT_SECONDS: '2',
    JOB_MONITOR_INTERVAL_SECONDS: '2',
    ...env,
  });
  const { app, container } = await buildApp({
    config,
    db,
    databaseUrl: url,
    serveWeb: false,
    mailer: options.mailer,
  });
  await app.ready();
  const stopBackground = await startBackground(container, { worker: options.worker ?? false });

  /** Registers a presenter through the real flow (mail, code) and returns its bearer header. */
  async function signUp(email = `p${randomBytes(4).toString('hex')}@films.test`, name = 'Pat Presenter') {
    const registered = await app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name, email, ownsVideoRights: true },
    });
    if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
    const mail = await smtp.waitFor(email, (m) => /sign-up code/.test(m.subject));
    const verified = await app.inject({
      method: 'POST',
      url: '/v1/auth/verify-otp',
      payload: { email, otp: otpOf(mail) },
    });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    const body = verified.json();
    return {
      email,
      id: body.presenter.id as string,
      token: body.tokens.access.token as string,
      headers: { authorization: `Bearer ${body.tokens.access.token}` },
    };
  }

  return {
    app,
    container,
    db,
    smtp,
    config,
    signUp,
    databaseUrl: url,
    dataDir,
    async close() {
      await app.close();
      await stopBackground();
      await smtp.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
