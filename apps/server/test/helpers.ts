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
import { logs } from '../src/db/schema/logs';
import type { ErrorReporter } from '../src/infra/error-reporting/error-reporter';
import type { Mailer } from '../src/infra/mail/mailer';
import { findLeakedSecrets, secretsInMail, viewerTokensIn } from './secret-scan';
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

/**
 * The API on a fresh database, sending its mail to an in-process SMTP server. On close, every log entry
 * the test file caused is scanned for the secrets it used (codes, tokens, keys): a leak fails the file.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    smtpFailWith?: () => string | undefined;
    smtpDropAfterData?: () => boolean;
    /** Run the pipeline workers in this process. */
    worker?: boolean;
    errorReporter?: ErrorReporter;
  } = {},
) {
  const smtp = await startSmtpCatcher({
    failWith: options.smtpFailWith,
    dropAfterData: options.smtpDropAfterData,
  });
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
    // Most tests want a new presenter with no films; the registration test turns the sample on.
    SAMPLE_ON_REGISTER: 'false',
    ...env,
  });
  /** Every method and URL the app registers, as the router has them. */
  const routes: { method: string; url: string }[] = [];
  const { app, container } = await buildApp({
    config,
    db,
    databaseUrl: url,
    serveWeb: false,
    onRoute: ({ method, url }) => {
      for (const m of [method].flat()) routes.push({ method: m, url });
    },
    mailer: options.mailer,
    errorReporter: options.errorReporter,
  });
  /**
   * Answers whose status the route's own schema does not list, so the API document does not show them
   * (`METHOD url status`, once each); a file asserts none were given.
   */
  const undocumented = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const schema = request.routeOptions.schema as { hide?: boolean; response?: object } | undefined;
    // A body of a type the route does not read is refused (415) before any route, whatever it is: the
    // document's `default` answer says so once.
    if (!schema || schema.hide || reply.statusCode === 415) return;
    if (!(String(reply.statusCode) in (schema.response ?? {})))
      undocumented.add(`${request.method} ${request.routeOptions.url} ${reply.statusCode}`);
  });
  const secrets = new Set<string>(
    [
      config.jwtSecret,
      config.masterKey.toString('hex'),
      config.stripe?.secretKey,
      config.stripe?.webhookSecret,
      config.recaptcha?.secretKey,
    ].filter((s): s is string => Boolean(s)),
  );
  // Every access token and viewer's link the API hands out is a secret the log must never hold.
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (typeof payload === 'string') {
      for (const m of payload.matchAll(/"token":"([^"]+)"/g)) secrets.add(m[1]!);
      for (const token of viewerTokensIn(payload)) secrets.add(token);
    }
    return payload;
  });
  await app.ready();
  const stopBackground = await startBackground(container, { worker: options.worker ?? false });
  const others: { close: () => Promise<void> }[] = [];

  /**
   * A second server process on the same database, as in a deployment of two: its own container (so
   * nothing held in memory is shared), its own connection pool and its own DATA_DIR (uploads and files
   * on its own disk); the same secrets, so a sign-in made on one is good on the other, and the same
   * SMTP server. Closed with the first.
   */
  async function anotherServer() {
    const otherDb = createDatabase(url, 5);
    const otherDataDir = await mkdtemp(path.join(tmpdir(), 'screenroom-test-data-'));
    const built = await buildApp({
      config: { ...config, dataDir: otherDataDir },
      db: otherDb,
      databaseUrl: url,
      serveWeb: false,
      mailer: options.mailer,
      errorReporter: options.errorReporter,
    });
    await built.app.ready();
    const stop = await startBackground(built.container, { worker: false });
    const close = async () => {
      await built.app.close();
      await stop();
      await otherDb.$client.end();
      await rm(otherDataDir, { recursive: true, force: true });
    };
    others.push({ close });
    return { app: built.app, container: built.container, dataDir: otherDataDir };
  }

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
    routes,
    db,
    smtp,
    config,
    signUp,
    anotherServer,
    databaseUrl: url,
    dataDir,
    /** Answers the API document does not list (see above). */
    undocumentedAnswers: () => [...undocumented].sort(),
    /** Adds a secret a test used (a captcha token, a signature) to the end-of-file log scan. */
    rememberSecret(value: string | undefined) {
      if (value) secrets.add(value);
      return value;
    },
    /** The log entries that hold a secret this file used. */
    async leakedSecrets() {
      for (const mail of smtp.mails) for (const s of secretsInMail(mail)) secrets.add(s);
      return findLeakedSecrets(await db.select().from(logs), secrets);
    },
    async close() {
      let leaks: Awaited<ReturnType<typeof this.leakedSecrets>> = [];
      try {
        leaks = await this.leakedSecrets();
      } finally {
        for (const other of others.splice(0)) await other.close();
        await app.close();
        await stopBackground();
        await smtp.close();
        await drop();
        await rm(dataDir, { recursive: true, force: true });
      }
      if (leaks.length > 0)
        throw new Error(
          `Secrets were written to the log: ${leaks.map((l) => `${l.secret} in entry ${l.rowId}`).join(', ')}`,
        );
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
