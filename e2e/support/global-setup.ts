import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeStripe } from '../../apps/server/test/fake-stripe';
import { startVimeoFake } from '../../apps/server/test/fakes/vimeo-fake';
import { findLeakedSecrets, secretsInMail } from '../../apps/server/test/secret-scan';
import { startSmtpCatcher } from '../../apps/server/test/smtp-catcher';
import { appDatabase } from './db';
import { E2E } from './env';

const root = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/**
 * Starts the built app as `npm start` would (fresh data directory, embedded PostgreSQL), with its mail
 * going to a real SMTP server whose catches are written to a file the tests read, and Vimeo played by a
 * local fake (on a free port; the workers find it in E2E_VIMEO_URL).
 */
export default async function globalSetup() {
  rmSync(E2E.workDir, { recursive: true, force: true });
  mkdirSync(E2E.workDir, { recursive: true });
  writeFileSync(E2E.mailFile, '');
  const smtp = await startSmtpCatcher({
    port: E2E.smtpPort,
    onMail: (mail) => appendFileSync(E2E.mailFile, `${JSON.stringify(mail)}\n`),
  });

  const vimeo = await startVimeoFake();
  process.env.E2E_VIMEO_URL = vimeo.url;
  // Stripe billing on, against a local stand-in for api.stripe.com and its checkout page.
  const stripe = await startFakeStripe({
    secretKey: E2E.stripe.secretKey,
    webhookSecret: E2E.stripe.webhookSecret,
    webhookUrl: `${E2E.baseUrl}/v1/billing/webhook`,
    prices: [
      {
        id: E2E.stripe.price,
        unitAmount: 2900,
        currency: 'usd',
        interval: 'month',
        productName: 'Professional',
      },
    ],
  });

  let log = '';
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E.port),
      PUBLIC_URL: E2E.baseUrl,
      DATA_DIR: path.join(E2E.workDir, 'data'),
      EMBEDDED_PG_PORT: String(E2E.pgPort),
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: E2E.adminEmail,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_SENDS_PER_EMAIL_PER_HOUR: '100',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      X264_PRESET: 'ultrafast',
      HLS_SEGMENT_SECONDS: '2',
      JOB_MONITOR_INTERVAL_SECONDS: '2',
      SAMPLE_FILM_SECONDS: '8',
      // Long enough for the library to show a film as Unencrypted before its encryption starts.
      ENCRYPT_DELAY_SECONDS: '6',
      VIMEO_API_URL: vimeo.url,
      VIMEO_CLIENT_ID: vimeo.client.clientId,
      VIMEO_CLIENT_SECRET: vimeo.client.clientSecret,
      STRIPE_SECRET_KEY: E2E.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E.stripe.webhookSecret,
      STRIPE_PRICE_PROFESSIONAL: E2E.stripe.price,
      STRIPE_API_BASE: stripe.baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG) process.stdout.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitForHealth(E2E.baseUrl, server, () => log);

  return async () => {
    const leaks = await leakedSecrets().catch((error: Error) => [
      { secret: `scan failed: ${error.message}`, rowId: null },
    ]);
    await stopServer(server);
    await smtp.close();
    await vimeo.close();
    await stripe.close();
    if (leaks.length > 0)
      throw new Error(
        `Secrets were written to the log: ${leaks.map((l) => `${l.secret} in entry ${l.rowId}`).join(', ')}`,
      );
  };
}

/**
 * Stops the app; one that died during the run has nothing left to stop (waiting for its exit hung the
 * run), and one that has not stopped 30 s after SIGTERM is killed.
 */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const stuck = setTimeout(() => server.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(stuck);
}

/**
 * After every browser test: no log entry the app wrote may hold a secret the run used: the codes and
 * sign-in links it mailed, its own secrets, the Stripe keys, or anything shaped like a token.
 */
async function leakedSecrets() {
  const dataDir = path.join(E2E.workDir, 'data');
  const own = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
  const mails = readFileSync(E2E.mailFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const secrets = [
    ...Object.values(own),
    E2E.stripe.secretKey,
    E2E.stripe.webhookSecret,
    ...mails.flatMap((mail) => secretsInMail(mail)),
  ];
  const db = await appDatabase();
  try {
    const { rows } = await db.query('SELECT * FROM logs');
    if (rows.length === 0) throw new Error('no log entries to scan');
    return findLeakedSecrets(rows, secrets);
  } finally {
    await db.end();
  }
}
