import type { LogLevel, LogType } from '@screenroom/shared/enums';
import type { LogEntry, LogsQuery } from '@screenroom/shared/schemas/logs';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LogRow } from '../../db/schema/logs';
import type { ErrorReporter } from '../../infra/error-reporting/error-reporter';
import { wideNetworkOf } from '../../lib/network-of';
import type { LogScope, LogsRepository } from './logs.repository';
import { redactSecrets } from './redact';
import { ENTRIES_PER_NETWORK_A_MINUTE, RepeatGuard } from './repeat-guard';

export type { LogLevel };

/** Where an entry came from: a request (id, address, browser) and who was signed in. */
export type LogOrigin = {
  requestId?: string;
  ipAddress?: string;
  userAgent?: string;
  userId?: string;
  userEmail?: string;
};

export type LogInput = LogOrigin & {
  level: LogLevel;
  /** What kind of event (LOG_TYPES: each has a label in the web's log). */
  type: LogType;
  module: string;
  message: string;
  videoId?: string;
  videoTitle?: string;
  context?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  error?: unknown;
};

export function originOf(req: FastifyRequest): LogOrigin {
  return {
    requestId: req.id,
    ipAddress: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 500),
    userId: req.presenter?.id,
    userEmail: req.presenter?.email,
  };
}

/** Who reads the log: stack traces are for administrators only (they can reveal internals). */
export type LogReader = { scope: LogScope; isAdmin: boolean };

export function toLogEntry(row: LogRow, isAdmin: boolean): LogEntry {
  return {
    id: row.id,
    timestamp: row.timestamp.toISOString(),
    level: row.level,
    type: row.type,
    module: row.module,
    message: row.message,
    video_id: row.videoId,
    video_title: row.videoTitle,
    context: row.context,
    stack_trace: isAdmin ? row.stackTrace : null,
    metadata: row.metadata,
    user_id: row.userId,
    user_email: row.userEmail,
    request_id: row.requestId,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
  };
}

const DAY_MS = 24 * 3600_000;

/**
 * PostgreSQL stores no NUL character, in text or jsonb: an entry about a request that held one (the
 * very entry that says what went wrong) was lost. It is kept with a visible ␀ instead.
 */
const withoutNul = (text: string) => text.replaceAll('\u0000', '␀');
/** The value with NUL replaced in every string, keys included. */
function withoutNulDeep(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(withoutNulDeep);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNulDeep(v)]));
  }
  return value;
}
const storable = (value: Record<string, unknown>) =>
  JSON.stringify(value).includes('\\u0000') ? (withoutNulDeep(value) as Record<string, unknown>) : value;

/** Writes the application log the presenters and admins read. Never throws: a log must not fail a request. */
export class LogsService {
  private readonly repeatGuard = new RepeatGuard();

  constructor(
    private readonly repository: LogsRepository,
    private readonly logger: FastifyBaseLogger,
    private readonly reporter?: ErrorReporter,
  ) {}

  /**
   * For entries anyone can cause without signing in (a stream asked for with a made-up token): the same
   * entry from the same address (an IPv6 /64 counts as one) is recorded once a minute, and one wider
   * network writes only a few a minute (RepeatGuard), so nobody can flood a presenter's log; the first
   * held back in a minute by their number is replaced by an entry saying so. `windowMs` widens the first for an
   * entry a page repeats by design.
   */
  async recordRepeatable(input: LogInput, windowMs?: number) {
    const entry = [input.message, input.videoId, input.userId, input.userEmail].join('\u0000');
    const verdict = this.repeatGuard.verdict(entry, input.ipAddress, windowMs);
    if (verdict === 'write') await this.record(input);
    if (verdict === 'say-held-back') {
      const { requestId, ipAddress, userAgent, userId, userEmail, module } = input;
      await this.record({
        requestId,
        ipAddress,
        userAgent,
        userId,
        userEmail,
        module,
        level: 'warn',
        type: 'security',
        message: `More refusals came from ${wideNetworkOf(ipAddress) ?? 'one network'} this minute than are written one by one (${ENTRIES_PER_NETWORK_A_MINUTE} a minute): the rest of this minute's are not logged`,
      });
    }
  }

  async record(input: LogInput) {
    const { error, context, metadata, ...rest } = input;

    if (input.level === 'error' && error) {
      this.reporter?.capture(error, {
        type: input.type,
        module: input.module,
        requestId: input.requestId,
        userId: input.userId,
      });
    }
    try {
      const safeContext = context ? storable(redactSecrets(context) as Record<string, unknown>) : null;
      const safeMetadata = metadata ? storable(redactSecrets(metadata) as Record<string, unknown>) : null;
      await this.repository.insert({
        ...rest,
        message: withoutNul(rest.message.slice(0, 2000)),
        context: safeContext,
        metadata: safeMetadata,
        stackTrace: error instanceof Error ? withoutNul(error.stack ?? error.message) : null,
      });
    } catch (failure) {
      this.logger.error({ err: failure }, 'Could not store a log entry');
    }
  }

  async list(reader: LogReader, query: LogsQuery) {
    const { rows, total } = await this.repository.list(reader.scope, query);
    return {
      results: rows.map((row) => toLogEntry(row, reader.isAdmin)),
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      totalResults: total,
    };
  }

  facets(reader: LogReader) {
    return this.repository.facets(reader.scope);
  }

  /** Deletes entries older than the retention period; returns how many. */
  purgeExpired(retentionDays: number, now = new Date()) {
    return this.repository.purgeOlderThan(new Date(now.getTime() - retentionDays * DAY_MS));
  }
}
