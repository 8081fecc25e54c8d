import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './infra/mail/mailer';
import { VimeoClient } from './infra/vimeo/vimeo-client';
import { SecretBox } from './lib/secret-box';
import { AccessTokens } from './modules/auth/access-tokens';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { DevOutboxRepository } from './modules/dev-outbox/dev-outbox.repository';
import { LogsRepository } from './modules/logs/logs.repository';
import { LogsService } from './modules/logs/logs.service';
import { PlansService } from './modules/plans/plans.service';
import { PresentersRepository } from './modules/presenters/presenters.repository';
import { PresentersService } from './modules/presenters/presenters.service';
import { VimeoService } from './modules/vimeo/vimeo.service';
import { VimeoOAuthState } from './modules/vimeo/vimeo-oauth-state';

export type ContainerOptions = {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  /** Replaces the configured mailer (tests that simulate an SMTP failure). */
  mailer?: Mailer;
};

/** Builds every service once; the HTTP app and the job worker share them. */
export function createContainer({ config, db, logger, mailer }: ContainerOptions) {
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
  const logs = new LogsService(new LogsRepository(db), logger);
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
  const vimeo = new VimeoService({
    client: new VimeoClient({ apiUrl: config.vimeo.apiUrl, oauth: config.vimeo.oauth }),
    presenters,
    secrets,
    logs,
    oauthState: new VimeoOAuthState(config.jwtSecret),
    publicUrl: config.publicUrl,
  });
  return { config, db, logger, mailer: mail, secrets, outbox, logs, presenters, plans, auth, vimeo };
}

export type Container = ReturnType<typeof createContainer>;
