import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createRecaptchaVerifier } from './infra/captcha/recaptcha';
import { createSentryReporter, type ErrorReporter } from './infra/error-reporting/error-reporter';
import { createMailer, type Mailer } from './infra/mail/mailer';
import { createStripeClient } from './infra/stripe/stripe-client';
import { SecretBox } from './lib/secret-box';
import { AdminRepository } from './modules/admin/admin.repository';
import { AdminService } from './modules/admin/admin.service';
import { AccessTokens } from './modules/auth/access-tokens';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { BillingRepository } from './modules/billing/billing.repository';
import { BillingService } from './modules/billing/billing.service';
import { DevOutboxRepository } from './modules/dev-outbox/dev-outbox.repository';
import { LogRetention } from './modules/logs/log-retention';
import { LogsRepository } from './modules/logs/logs.repository';
import { LogsService } from './modules/logs/logs.service';
import { PlansService } from './modules/plans/plans.service';
import { PresentersRepository } from './modules/presenters/presenters.repository';
import { PresentersService } from './modules/presenters/presenters.service';

export type ContainerOptions = {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  /** Replaces the configured mailer (tests that simulate an SMTP failure). */
  mailer?: Mailer;
  /** Replaces the Sentry reporter (tests). */
  errorReporter?: ErrorReporter;
};

/** Builds every service once; the HTTP app and the job worker share them. */
export function createContainer({ config, db, logger, mailer, errorReporter }: ContainerOptions) {
  const outbox = new DevOutboxRepository(db);
  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.devOutbox ? undefined : config.smtpUrl,
      from: config.mailFrom,
      keepInOutbox: async (message) => {
        await outbox.add(message);
        logger.info(`[dev outbox] Mail to ${message.to}: ${message.subject}\n${message.text}`);
      },
    });
  const secrets = new SecretBox(config.masterKey);
  const reporter =
    errorReporter ?? (config.sentryDsn ? createSentryReporter(config.sentryDsn, config.env) : undefined);
  const logs = new LogsService(new LogsRepository(db), logger, reporter);
  const logRetention = new LogRetention(logs, config.logRetentionDays, logger);
  const presenters = new PresentersService(new PresentersRepository(db), config.adminEmails);
  const plans = new PlansService(config.planVideoLimits);
  const auth = new AuthService({
    repository: new AuthRepository(db),
    presenters,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlHours),
    mailer: mail,
    logs,
    codeSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    otpSendsPerEmailPerHour: config.otpSendsPerEmailPerHour,
  });
  const billing = new BillingService({
    repository: new BillingRepository(db),
    presenters,
    plans,
    logs,
    stripe: config.stripe ? { client: createStripeClient(config.stripe), config: config.stripe } : null,
    publicUrl: config.publicUrl,
  });
  const admin = new AdminService(new AdminRepository(db), presenters, billing);
  const captcha = config.recaptcha ? createRecaptchaVerifier(config.recaptcha) : null;
  return {
    config,
    db,
    logger,
    mailer: mail,
    secrets,
    outbox,
    logs,
    logRetention,
    reporter,
    presenters,
    plans,
    auth,
    billing,
    admin,
    captcha,
  };
}

export type Container = ReturnType<typeof createContainer>;
