import {
  LOGIN_LINK_TTL_MINUTES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
} from '@screenroom/shared/constants';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { AuthResponse, RegisterBody } from '@screenroom/shared/schemas/auth';
import type { PresenterRow } from '../../db/schema/presenters';
import { type Mailer, mailSurelyNotSent } from '../../infra/mail/mailer';
import { hmacSha256, randomDigits, randomToken, safeEqualHex, sha256 } from '../../lib/crypto';
import type { LogOrigin, LogsService } from '../logs/logs.service';
import type { NewPresenterPreferences } from '../presenters/presenters.repository';
import type { PresentersService } from '../presenters/presenters.service';
import type { AccessTokens } from './access-tokens';
import { loginLinkMail, otpMail } from './auth.mails';
import type { AuthRepository, NewCode } from './auth.repository';

type Deps = {
  repository: AuthRepository;
  presenters: PresentersService;
  tokens: AccessTokens;
  mailer: Mailer;
  logs: LogsService;
  /** Keys the hash of 6-digit codes, so a leaked table cannot be reversed by trying a million codes. */
  codeSecret: string;
  publicUrl: string;
  otpSendsPerEmailPerHour: number;
  /**
   * Welcomes a presenter who just registered (the sample screener). A failure is logged, never fails the
   * sign-up: the sample can be made again later.
   */
  onRegistered?: (presenter: PresenterRow) => Promise<unknown>;
  now?: () => Date;
};

const minutes = (n: number) => n * 60_000;

export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private hashOtp(email: string, code: string) {
    return hmacSha256(this.deps.codeSecret, `${email}:${code}`);
  }

  /** Writes a new code, or logs and refuses once the e-mail has had its codes for the hour. */
  private async newCode(code: NewCode, now: Date, origin: LogOrigin) {
    const since = new Date(now.getTime() - minutes(60));
    const row = await this.deps.repository.replaceCode(code, now, {
      since,
      max: this.deps.otpSendsPerEmailPerHour,
    });
    if (row) return row;
    await this.deps.logs.record({
      ...origin,
      level: 'warn',
      type: 'security',
      module: 'auth',
      message: `Sign-in codes throttled for ${code.email}`,
      userEmail: code.email,
    });
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.otpThrottled);
  }

  /**
   * Sends the mail carrying a new code. A mail that surely did not leave takes its code back and
   * fails; one the relay may have taken keeps its code (if it arrives, its code must work) and is
   * answered as `unconfirmed`.
   */
  private async deliver(
    to: string,
    mail: { subject: string; html: string; text: string },
    origin: LogOrigin,
    withdrawCode: () => Promise<void>,
  ): Promise<'sent' | 'unconfirmed'> {
    const log = (level: 'info' | 'warn' | 'error', message: string, error?: unknown) =>
      this.deps.logs.record({
        ...origin,
        level,
        type: 'mail',
        module: 'auth',
        message,
        userEmail: to,
        error,
      });
    try {
      await this.deps.mailer.send({ to, ...mail });
    } catch (error) {
      if (!mailSurelyNotSent(error)) {
        await log('warn', `Mail to ${to} may not have been sent`, error);
        return 'unconfirmed';
      }
      await withdrawCode();
      await log('error', `Mail to ${to} failed`, error);
      throw new AppError('UNAVAILABLE', MESSAGES.mailNotSent);
    }
    // The subject without the code in it ('123456 is your Screenroom sign-up code').
    await log('info', `Mail sent: ${mail.subject.replace(/^\d+ is your /, '')}`);
    return 'sent';
  }

  private async sendOtp(
    email: string,
    purpose: 'login' | 'register',
    name: string | null,
    origin: LogOrigin,
  ) {
    const code = randomDigits(OTP_LENGTH);
    const now = this.now();
    const row = await this.newCode(
      {
        kind: 'otp',
        purpose,
        email,
        codeHash: this.hashOtp(email, code),
        pendingName: purpose === 'register' ? name : null,
        expiresAt: new Date(now.getTime() + minutes(OTP_TTL_MINUTES)),
        requestedIp: origin.ipAddress ?? null,
      },
      now,
      origin,
    );
    const delivery = await this.deliver(email, await otpMail({ code, purpose, name }), origin, () =>
      this.deps.repository.withdrawCode(row, now),
    );
    return {
      message:
        delivery === 'sent'
          ? `We sent a ${OTP_LENGTH}-digit code to ${email}.`
          : `We could not confirm that the code reached ${email}. If it has not arrived in a few minutes, ask for a new one.`,
      email,
      expiresInMinutes: OTP_TTL_MINUTES,
      delivery,
    };
  }

  async register(body: RegisterBody, origin: LogOrigin) {
    if (await this.deps.presenters.findByEmail(body.email)) {
      throw new AppError('CONFLICT', MESSAGES.emailAlreadyRegistered);
    }
    return this.sendOtp(body.email, 'register', body.name, origin);
  }

  async login(email: string, origin: LogOrigin) {
    const presenter = await this.deps.presenters.findByEmail(email);
    if (!presenter) {
      await this.deps.logs.record({
        ...origin,
        level: 'warn',
        type: 'security',
        module: 'auth',
        message: 'Sign-in asked for an unknown e-mail',
        userEmail: email,
      });
      throw new AppError('NOT_FOUND', MESSAGES.emailNotRegistered);
    }
    return this.sendOtp(email, 'login', presenter.name, origin);
  }

  async verifyOtp(
    email: string,
    otp: string,
    origin: LogOrigin,
    preferences?: NewPresenterPreferences,
  ): Promise<AuthResponse> {
    const now = this.now();
    const code = await this.deps.repository.latestOtp(email);
    // Tries that cannot succeed (no live code) anyone may send for any account, as fast as the rate limit
    // lets them: logged once a minute per address. Wrong guesses at a live code (five at most) each.
    const fail = async (message: string, reason: string, guess = false) => {
      await this.deps.logs[guess ? 'record' : 'recordRepeatable']({
        ...origin,
        level: 'warn',
        type: 'security',
        module: 'auth',
        message: `Sign-in code refused: ${reason}`,
        userEmail: email,
      });
      return new AppError('BAD_REQUEST', message);
    };
    if (!code || code.consumedAt)
      throw await fail(MESSAGES.otpInvalid, code ? 'already used' : 'no code sent');
    if (code.voidedAt) {
      const exhausted = code.attempts >= OTP_MAX_ATTEMPTS;
      throw await fail(
        exhausted ? MESSAGES.otpTooManyTries : MESSAGES.otpInvalid,
        exhausted ? 'locked' : 'replaced',
      );
    }
    if (code.expiresAt <= now) throw await fail(MESSAGES.otpExpired, 'expired');
    if (!safeEqualHex(code.codeHash, this.hashOtp(email, otp))) {
      const attempts = await this.deps.repository.recordWrongAttempt(code.id, OTP_MAX_ATTEMPTS, now);
      throw await fail(
        attempts >= OTP_MAX_ATTEMPTS ? MESSAGES.otpTooManyTries : MESSAGES.otpInvalid,
        `wrong code (try ${attempts} of ${OTP_MAX_ATTEMPTS})`,
        true,
      );
    }
    if (!(await this.deps.repository.consume(code.id, now)))
      throw await fail(MESSAGES.otpInvalid, 'used concurrently');

    const presenter =
      code.purpose === 'register'
        ? await this.deps.presenters.createOrGet(email, code.pendingName ?? email.split('@')[0]!, preferences)
        : await this.deps.presenters.findByEmail(email);
    if (!presenter) throw await fail(MESSAGES.emailNotRegistered, 'account removed');
    if (code.purpose === 'register') await this.welcome(presenter, origin);
    // A registration's code verified for an account that has never signed in is the account's start:
    // its owner's log should open with that, not with a sign-in.
    const accountCreated = code.purpose === 'register' && presenter.lastLoginAt === null;
    return this.signIn(presenter, origin, accountCreated);
  }

  private async welcome(presenter: PresenterRow, origin: LogOrigin) {
    if (!this.deps.onRegistered) return;
    try {
      await this.deps.onRegistered(presenter);
    } catch (error) {
      await this.deps.logs.record({
        ...origin,
        level: 'error',
        type: 'pipeline',
        module: 'auth',
        message: 'The sample screener of a new presenter could not be created',
        userId: presenter.id,
        userEmail: presenter.email,
        error,
      });
    }
  }

  /**
   * `byAdmin`: an administrator sends it (from /presenters); the mail says so. The entries about the
   * mail are the presenter's (their own log shows them, without the administrator's request details);
   * the administrator's own entry says they sent it.
   */
  async sendLoginLink(email: string, requestOrigin: LogOrigin, byAdmin = false) {
    const presenter = await this.deps.presenters.findByEmail(email);
    if (!presenter) throw new AppError('NOT_FOUND', MESSAGES.emailNotRegistered);
    const origin: LogOrigin = byAdmin ? { requestId: requestOrigin.requestId } : requestOrigin;
    const code = randomToken(32);
    const now = this.now();
    const row = await this.newCode(
      {
        kind: 'login_link',
        purpose: 'login',
        email,
        codeHash: sha256(code),
        expiresAt: new Date(now.getTime() + minutes(LOGIN_LINK_TTL_MINUTES)),
        requestedIp: requestOrigin.ipAddress ?? null,
      },
      now,
      origin,
    );
    const url = `${this.deps.publicUrl}/autologin?code=${encodeURIComponent(code)}`;
    const delivery = await this.deliver(
      email,
      await loginLinkMail({ url, name: presenter.name, byAdmin }),
      origin,
      () => this.deps.repository.withdrawCode(row, now),
    );
    if (byAdmin) {
      await this.deps.logs.record({
        ...requestOrigin,
        level: 'info',
        type: 'admin',
        module: 'auth',
        message: `Sent a sign-in link to ${email}`,
        metadata: { presenter_id: presenter.id },
      });
    }
    return {
      message:
        delivery === 'sent'
          ? `We sent a sign-in link to ${email}.`
          : `We could not confirm that the sign-in link reached ${email}. If it has not arrived in a few minutes, send a new one.`,
      email,
      expiresInMinutes: LOGIN_LINK_TTL_MINUTES,
      delivery,
    };
  }

  async verifyLoginCode(code: string, origin: LogOrigin): Promise<AuthResponse> {
    const now = this.now();
    const row = await this.deps.repository.findByHash(sha256(code));
    if (row?.kind !== 'login_link' || !(await this.deps.repository.consume(row.id, now))) {
      await this.deps.logs.record({
        ...origin,
        level: 'warn',
        type: 'security',
        module: 'auth',
        message: 'Sign-in link refused',
      });
      throw new AppError('BAD_REQUEST', MESSAGES.loginLinkInvalid);
    }
    const presenter = await this.deps.presenters.findByEmail(row.email);
    if (!presenter) throw new AppError('BAD_REQUEST', MESSAGES.loginLinkInvalid);
    return this.signIn(presenter, origin);
  }

  private async signIn(
    presenter: PresenterRow,
    origin: LogOrigin,
    accountCreated = false,
  ): Promise<AuthResponse> {
    const now = this.now();
    const expiresAt = this.deps.tokens.expiryFrom(now);
    const session = await this.deps.repository.createSession({
      presenterId: presenter.id,
      expiresAt,
      ipAddress: origin.ipAddress ?? null,
      userAgent: origin.userAgent ?? null,
    });
    const updated = await this.deps.presenters.recordSignIn(presenter.id, now);
    await this.deps.logs.record({
      ...origin,
      level: 'info',
      type: 'security',
      module: 'auth',
      message: accountCreated ? 'Account created' : 'Signed in',
      userId: presenter.id,
      userEmail: presenter.email,
    });
    return {
      tokens: {
        access: {
          token: await this.deps.tokens.sign(presenter.id, session.id, expiresAt),
          expires: expiresAt.toISOString(),
        },
      },
      presenter: this.deps.presenters.toDto(updated),
    };
  }

  /** The presenter behind a bearer token, or null when the token is forged, expired or revoked. */
  async authenticate(token: string) {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const session = await this.deps.repository.findLiveSession(
      claims.sessionId,
      claims.presenterId,
      this.now(),
    );
    if (!session) return null;
    const presenter = await this.deps.presenters.findById(claims.presenterId);
    return presenter ? { presenter, sessionId: session.id } : null;
  }

  /**
   * Whether this sign-in (an access token's session) is still live: not signed out, not expired. What a
   * sign-in opened for its presenter alone (a preview) lasts only as long as it does.
   */
  async isSignedIn(sessionId: string, presenterId: string) {
    return Boolean(await this.deps.repository.findLiveSession(sessionId, presenterId, this.now()));
  }

  async logout(sessionId: string) {
    await this.deps.repository.revokeSession(sessionId, this.now());
  }
}
