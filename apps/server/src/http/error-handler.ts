import { AppError, type FieldError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/unreachable';
import { isOutOfSpace } from '../lib/out-of-space';
import type { LogsService } from '../modules/logs/logs.service';
import { originOf } from '../modules/logs/logs.service';
import type { App } from './types';

/** Fastify's own 4xx errors, in words a person understands. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty, but JSON was announced.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here. Send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body.',
  // Multipart images (thumbnail, logo, watermark): the spec's image rule. Other multipart routes (subtitles)
  // give their own words in their route config (`messages`).
  FST_REQ_FILE_TOO_LARGE: MESSAGES.imageTypeAndSize,
  FST_FILES_LIMIT: 'Send one file at a time.',
  FST_FIELDS_LIMIT: 'Send the image with its videoId and kind only.',
  FST_PARTS_LIMIT: 'Send the image with its videoId and kind only.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This request must be sent as multipart/form-data.',
};

const CONTEXT_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'address',
  headers: 'headers',
};

/** What busboy throws on a broken multipart body: plain errors, without a status. */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form))/;

/** PostgreSQL's codes for text it cannot store: a NUL byte (22021), a broken \u escape in jsonb (22P05). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** PostgreSQL's codes for a date it cannot store (invalid format, out of range, offset out of range). */
const UNSTORABLE_DATE_CODES = new Set(['22007', '22008', '22009']);

function databaseCodeOf(error: unknown) {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return typeof code === 'string' ? code : typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * Bad input that only shows itself past validation: a 400 in words, never a 500. A date is also logged:
 * validation keeps dates in range, so one reaching PostgreSQL may be our own arithmetic.
 */
function badInputOf(error: Error): { message: string; logged?: true } | undefined {
  const dbCode = databaseCodeOf(error);
  if (dbCode && UNSTORABLE_TEXT_CODES.has(dbCode)) return { message: MESSAGES.unstorableText };
  if (dbCode && UNSTORABLE_DATE_CODES.has(dbCode)) return { message: MESSAGES.dateOutOfRange, logged: true };
  if (BROKEN_MULTIPART.test(error.message)) return { message: MESSAGES.badMultipart };
  return undefined;
}

/** An unknown content type on a route that takes multipart (images) is told so, not to "send JSON". */
function wordsFor(code: string, request: FastifyRequest) {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && consumes?.includes('multipart/form-data')
    ? 'FST_INVALID_MULTIPART_CONTENT_TYPE'
    : code;
}

type Issue = { instancePath: string; keyword: string; message?: string };

/**
 * zod goes on checking a value of the wrong type: a list sent for a text gets its length measured too
 * ("At least 20 items are required"). The type is what is wrong, so that is all a field is told.
 */
function withoutFollowUps(issues: Issue[]) {
  const wrongType = new Set(issues.filter((v) => v.keyword === 'invalid_type').map((v) => v.instancePath));
  return issues.filter((v) => v.keyword === 'invalid_type' || !wrongType.has(v.instancePath));
}

function fieldErrors(error: { validation: Issue[] }, context: string): FieldError[] {
  return withoutFollowUps(error.validation).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (!field) {
      const missing = v.keyword === 'invalid_type';
      return {
        field: context,
        message: missing
          ? `The ${CONTEXT_NAMES[context] ?? context} is missing or is not an object.`
          : (v.message ?? 'Invalid request'),
      };
    }
    return { field, message: v.message ?? 'Invalid value' };
  });
}

export function registerErrorHandlers(app: App, logs: LogsService) {
  app.setErrorHandler(
    async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
        return reply.status(error.status).send({
          message: error.message,
          code: error.code,
          errors: error.errors,
          reason: error.reason,
          film: error.film,
          ends_at: error.endsAt,
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = (error as FastifyError).validationContext ?? 'body';
        const errors = fieldErrors(error, context);
        const first = errors[0]!;
        const message = first.field === context ? first.message : `${first.field}: ${first.message}`;
        return reply.status(400).send({ message, code: 'BAD_REQUEST', errors });
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
      }
      if (status >= 400 && status < 500) {
        const fastifyError = error as FastifyError;
        const code = fastifyError.code && wordsFor(fastifyError.code, request);
        const message =
          (code && (request.routeOptions.config?.messages?.[code] ?? FASTIFY_MESSAGES[code])) ??
          fastifyError.message;
        // Too many parts or fields is a malformed request, not a large one (@fastify/multipart says 413).
        const malformed =
          fastifyError.code === 'FST_FILES_LIMIT' ||
          fastifyError.code === 'FST_PARTS_LIMIT' ||
          fastifyError.code === 'FST_FIELDS_LIMIT';
        return reply.status(malformed ? 400 : status).send({ message });
      }
      const badInput = badInputOf(error);
      if (badInput) {
        if (badInput.logged) {
          await logs.record({
            ...originOf(request),
            level: 'warn',
            type: 'error',
            module: 'http',
            message: `${request.method} ${request.routeOptions.url ?? request.url}: a date PostgreSQL cannot store`,
            error,
          });
        }
        return reply.status(400).send({ message: badInput.message, code: 'BAD_REQUEST' });
      }
      if (isDatabaseUnreachable(error)) {
        // Not a bug to record: the log lives in that database. One line in the process log, and a 503
        // the web and the watch page show as it is (they send again later).
        request.log.warn(
          { code: databaseCodeOf(error) },
          `${request.method} ${request.routeOptions.url ?? request.url}: the database cannot be reached`,
        );
        return reply
          .status(503)
          .header('retry-after', '10')
          .send({ message: MESSAGES.databaseUnavailable, code: 'UNAVAILABLE' });
      }
      // A full disk is ours to fix, so it is recorded as an error; the person is told to come back.
      const full = isOutOfSpace(error);
      request.log.error({ err: error }, 'Request failed');
      await logs.record({
        ...originOf(request),
        level: 'error',
        type: 'error',
        module: 'http',
        // The error's own words (a database's, say) stay in the stack trace, which only admins read.
        message: `${request.method} ${request.routeOptions.url ?? request.url} failed on our side${full ? ': the storage is full' : ''}`,
        error,
      });
      // 5xx bodies never show internals: the request id lets support find the log entry.
      if (full)
        return reply.status(507).send({ message: MESSAGES.storageFull, code: 'INSUFFICIENT_STORAGE' });
      return reply.status(500).send({ message: MESSAGES.internalError, code: 'INTERNAL' });
    },
  );

  app.setNotFoundHandler(answerNoApiRoute);
}

/** Fastify's limit on one part of a route's address (`maxParamLength`). */
const ADDRESS_PART_MAX = 100;

/**
 * No API route for this address: a part longer than any id is a 400 in the router's words (only
 * routes with a parameter reach the router's own check), anything else a JSON 404.
 */
export function answerNoApiRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!;
  if (path.split('/').some((part) => part.length > ADDRESS_PART_MAX))
    return reply.status(400).send({ message: MESSAGES.addressPartTooLong, code: 'BAD_REQUEST' });
  return reply.status(404).send({ message: `No API route matches ${request.method} ${path}` });
}
