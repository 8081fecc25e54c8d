import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DATABASE_START_WAIT_SECONDS } from './db/wait-for-database';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths';

/**
 * Every setting of the server, read once from the environment and validated. Each has a default that
 * works on one machine; production refuses to start without real secrets and a real mail server.
 */

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

const secret = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters (use: openssl rand -hex 32)`).optional();

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

/** A whole-number setting whose every refusal says what is wanted (zod's own words name no bound). */
const wholeNumber = (min: number, max?: number, what = 'a whole number') => {
  const atLeast = z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .min(min, `must be at least ${min}`);
  return max === undefined ? atLeast : atLeast.max(max, `must be at most ${max}`);
};

/** fastify's trustProxy: false, true, a hop count, or a comma list of addresses/CIDRs. */
const trustProxy = z.string().transform((v): boolean | number | string => {
  const t = v.trim().toLowerCase();
  if (t === '' || t === 'false' || t === '0') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  return v.trim();
});

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://screeners.example.com' }).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DATABASE_WAIT_SECONDS: wholeNumber(0, 3600, 'a number of seconds').default(DATABASE_START_WAIT_SECONDS),
  EMBEDDED_PG_PORT: port.default(54329),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Screenroom <no-reply@screenroom.local>'),
  JWT_SECRET: secret('JWT_SECRET'),
  MASTER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters, a 256-bit key (use: openssl rand -hex 32)')
    .optional(),
  ADMIN_EMAILS: commaList.default([]),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
  ACCESS_TOKEN_TTL_HOURS: wholeNumber(1, 24 * 90, 'a number of hours').default(24 * 7),
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(10),
  OTP_SENDS_PER_EMAIL_PER_HOUR: wholeNumber(1).default(5),
  DEV_OUTBOX: booleanish.optional(),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(true),
  UPLOAD_MAX_BYTES: wholeNumber(1024, undefined, 'a number of bytes').default(20 * 1024 ** 3),
  UPLOAD_QUOTA_BYTES: wholeNumber(1024, undefined, 'a number of bytes').default(100 * 1024 ** 3),
  ENCRYPT_STREAMS: booleanish.default(true),
  ENCRYPT_DELAY_SECONDS: wholeNumber(0, 3600, 'a number of seconds').default(0),
  RUN_WORKER: booleanish.default(true),
  WORKER_CONCURRENCY: wholeNumber(1, 16).default(1),
  JOB_MONITOR_INTERVAL_SECONDS: wholeNumber(1, 3600, 'a number of seconds').default(10),
  HLS_SEGMENT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(15, 'must be at most 15')
    .default(4),
  X264_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'], {
      error: 'must be an x264 preset such as veryfast',
    })
    .default('veryfast'),
  SAMPLE_FILM_SECONDS: wholeNumber(4, 600, 'a number of seconds').default(60),
  SAMPLE_ON_REGISTER: booleanish.default(true),
  PLAN_FREE_VIDEO_LIMIT: wholeNumber(0).default(1),
  PLAN_PROFESSIONAL_VIDEO_LIMIT: wholeNumber(1).default(100),
  INVITATIONS_PER_DAY: wholeNumber(1).default(500),
  VIMEO_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.vimeo.com' })
    .default('https://api.vimeo.com'),
  VIMEO_CLIENT_ID: z.string().trim().min(1).optional(),
  VIMEO_CLIENT_SECRET: z.string().trim().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PRICE_PROFESSIONAL: z
    .string()
    .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_API_BASE: z.url({ error: 'must be an absolute URL such as https://api.stripe.com' }).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(10, 'must be a reCAPTCHA v2 site key').optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(10, 'must be a reCAPTCHA v2 secret key').optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({ error: 'must be an absolute URL' })
    .default('https://www.google.com/recaptcha/api/siteverify'),
  POSTHOG_KEY: z.string().min(8, 'must be a PostHog project API key').optional(),
  POSTHOG_HOST: z
    .url({ error: 'must be an absolute URL such as https://eu.i.posthog.com' })
    .default('https://us.i.posthog.com'),
  SENTRY_DSN: z.url({ error: 'must be a Sentry DSN (https://key@host/project)' }).optional(),
  LOG_RETENTION_DAYS: wholeNumber(1, 3650, 'a number of days').default(90),
});

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_KEYS = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long to wait at start for DATABASE_URL's server to answer. */
  databaseWaitSeconds: number;
  embeddedPgPort: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  masterKey: Buffer;
  adminEmails: string[];
  trustProxy: boolean | number | string;
  logLevel: string;
  webDistDir: string;
  accessTokenTtlHours: number;
  authRateLimitPerMinute: number;
  otpSendsPerEmailPerHour: number;
  /** Mails are kept in the database and shown on /dev/outbox instead of being sent. Never in production. */
  devOutbox: boolean;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** S3-compatible storage when S3_BUCKET is set; otherwise files live under DATA_DIR/storage. */
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
  encryptStreams: boolean;
  /** Wait before encrypting a film that just became playable (the browser tests watch it as Unencrypted). */
  encryptDelaySeconds: number;
  runWorker: boolean;
  workerConcurrency: number;
  jobMonitorIntervalSeconds: number;
  hlsSegmentSeconds: number;
  x264Preset: string;
  sampleFilmSeconds: number;
  /** Give every new presenter the sample screener when they register. */
  sampleOnRegister: boolean;
  /** Screeners a presenter may hold per plan (sample films do not count). */
  planVideoLimits: { FREE: number; PROFESSIONAL: number };
  /** Invitation mails a presenter may send in 24 hours (our sending address is not a relay). */
  invitationsPerDay: number;
  /**
   * The Vimeo API (a local fake in tests). OAuth linking needs both client settings; without them only a
   * pasted personal access token links an account.
   */
  vimeo: { apiUrl: string; oauth: { clientId: string; clientSecret: string } | null };
  /** Stripe billing; null when not configured (everyone FREE unless an administrator grants PROFESSIONAL). */
  stripe: StripeConfig | null;
  /** reCAPTCHA v2 on registration and sign-in; null when not configured. */
  recaptcha: { siteKey: string; secretKey: string; verifyUrl: string } | null;
  posthog: { key: string; host: string } | null;
  sentryDsn: string | undefined;
  /** Log entries older than this are purged. */
  logRetentionDays: number;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  priceProfessional: string;
  /** Another API host (a local fake in tests); unset means Stripe's own. */
  apiBase: URL | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Secrets = { JWT_SECRET: string; MASTER_KEY: string };

/** Development secrets, generated once into DATA_DIR so sessions and keys survive restarts. */
function loadOrCreateDevSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: Secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    MASTER_KEY: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      const value = env[key];
      return `  ${key}: ${i.message}${value !== undefined && !/SECRET|KEY|URL|DSN/.test(key) ? ` (got "${value}")` : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';

  if (production) {
    const missing = (['JWT_SECRET', 'MASTER_KEY', 'PUBLIC_URL', 'SMTP_URL'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: production needs ${missing.join(', ')}. Secrets are generated automatically only in development.`,
      );
    }
    if (e.DEV_OUTBOX)
      throw new ConfigError('Invalid configuration: DEV_OUTBOX is not allowed in production.');
  }

  if (Boolean(e.VIMEO_CLIENT_ID) !== Boolean(e.VIMEO_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: VIMEO_CLIENT_ID and VIMEO_CLIENT_SECRET go together (set both to let presenters connect with Vimeo, or neither).',
    );
  }
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PROFESSIONAL'] as const;
  const stripeMissing = stripeKeys.filter((k) => !e[k]);
  if (stripeMissing.length > 0 && stripeMissing.length < stripeKeys.length) {
    throw new ConfigError(
      `Invalid configuration: Stripe billing needs ${stripeKeys.join(', ')} together; missing ${stripeMissing.join(', ')}.`,
    );
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration: reCAPTCHA needs both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY.',
    );
  }

  const devSecrets = !e.JWT_SECRET || !e.MASTER_KEY ? loadOrCreateDevSecrets(dataDir) : undefined;
  const jwtSecret = e.JWT_SECRET ?? devSecrets!.JWT_SECRET;
  const masterKeyHex = e.MASTER_KEY ?? devSecrets!.MASTER_KEY;

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret,
    masterKey: Buffer.from(masterKeyHex, 'hex'),
    adminEmails: e.ADMIN_EMAILS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    accessTokenTtlHours: e.ACCESS_TOKEN_TTL_HOURS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    otpSendsPerEmailPerHour: e.OTP_SENDS_PER_EMAIL_PER_HOUR,
    devOutbox: !production && (e.DEV_OUTBOX ?? !e.SMTP_URL),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    encryptStreams: e.ENCRYPT_STREAMS,
    encryptDelaySeconds: e.ENCRYPT_DELAY_SECONDS,
    runWorker: e.RUN_WORKER,
    workerConcurrency: e.WORKER_CONCURRENCY,
    jobMonitorIntervalSeconds: e.JOB_MONITOR_INTERVAL_SECONDS,
    hlsSegmentSeconds: e.HLS_SEGMENT_SECONDS,
    x264Preset: e.X264_PRESET,
    sampleFilmSeconds: e.SAMPLE_FILM_SECONDS,
    sampleOnRegister: e.SAMPLE_ON_REGISTER,
    planVideoLimits: { FREE: e.PLAN_FREE_VIDEO_LIMIT, PROFESSIONAL: e.PLAN_PROFESSIONAL_VIDEO_LIMIT },
    invitationsPerDay: e.INVITATIONS_PER_DAY,
    vimeo: {
      apiUrl: e.VIMEO_API_URL.replace(/\/+$/, ''),
      oauth:
        e.VIMEO_CLIENT_ID && e.VIMEO_CLIENT_SECRET
          ? { clientId: e.VIMEO_CLIENT_ID, clientSecret: e.VIMEO_CLIENT_SECRET }
          : null,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_PROFESSIONAL
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceProfessional: e.STRIPE_PRICE_PROFESSIONAL,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          }
        : null,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? {
            siteKey: e.RECAPTCHA_SITE_KEY,
            secretKey: e.RECAPTCHA_SECRET_KEY,
            verifyUrl: e.RECAPTCHA_VERIFY_URL,
          }
        : null,
    posthog: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST.replace(/\/+$/, '') } : null,
    sentryDsn: e.SENTRY_DSN,
    logRetentionDays: e.LOG_RETENTION_DAYS,
  };
}
