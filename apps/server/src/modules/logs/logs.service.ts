import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LogsRepository } from './logs.repository';
import { redactSecrets } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

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
  /** What kind of event: security, mail, pipeline, access, billing, error, ... */
  type: string;
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

/** Writes the application log the presenters and admins read. Never throws: a log must not fail a request. */
export class LogsService {
  constructor(
    private readonly repository: LogsRepository,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async record(input: LogInput) {
    const { error, context, metadata, ...rest } = input;
    try {
      await this.repository.insert({
        ...rest,
        message: rest.message.slice(0, 2000),
        context: context ? (redactSecrets(context) as Record<string, unknown>) : null,
        metadata: metadata ? (redactSecrets(metadata) as Record<string, unknown>) : null,
        stackTrace: error instanceof Error ? (error.stack ?? error.message) : null,
      });
    } catch (failure) {
      this.logger.error({ err: failure }, 'Could not store a log entry');
    }
  }
}
