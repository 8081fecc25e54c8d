import { z } from 'zod';

/** The one error type of the API: services throw it, the error handler turns it into `{ message }`. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldError = { field: string; message: string };

export { ACCESS_REFUSALS, type AccessRefusal } from './access-refusals';

import { ACCESS_REFUSALS, type AccessRefusal } from './access-refusals';
import { THEMES } from './enums';

/** The film a refused viewer link is for, so the refusal page can say which film and whom to ask. */
export const refusedFilmSchema = z.object({
  title: z.string(),
  presented_by: z.string(),
  /** The film page's theme, so the refusal looks like the page the viewer expected. */
  theme: z.enum(THEMES),
  /** The presenter's logo as the film's page shows it; null when it has none or it is turned off. */
  logo: z.string().nullable(),
});
export type RefusedFilm = z.infer<typeof refusedFilmSchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly reason?: AccessRefusal;
  readonly film?: RefusedFilm;
  /** When an ended link ended (ISO 8601), so the viewer's page can say it in their own time. */
  readonly endsAt?: string;
  /** Seconds after which the same request may succeed (sent as the Retry-After header). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      errors?: FieldError[];
      reason?: AccessRefusal;
      film?: RefusedFilm;
      endsAt?: string;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    if (options.errors) this.errors = options.errors;
    if (options.reason) this.reason = options.reason;
    if (options.film) this.film = options.film;
    if (options.endsAt) this.endsAt = options.endsAt;
    if (options.retryAfter) this.retryAfter = options.retryAfter;
  }
}

export const apiErrorSchema = z
  .object({
    message: z.string().describe('A sentence a person can read; shown as-is in the web app'),
    code: z.string().optional(),
    reason: z.enum(ACCESS_REFUSALS).optional().describe('Why a viewer link was refused'),
    film: refusedFilmSchema
      .optional()
      .describe(
        "The film a refused viewer link is for, with its page's theme and logo: when the link has ended, reached its limit, is not for this country or its film is not ready",
      ),
    ends_at: z.iso.datetime().optional().describe('When an ended viewer link ended'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Per-field messages for validation errors'),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
