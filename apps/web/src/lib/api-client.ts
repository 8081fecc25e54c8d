import type { ApiErrorBody, FieldError } from '@screenroom/shared/errors';
import { getToken, setToken } from './auth-token';

/** The API base: configuration (VITE_API_BASE), else `/v1` on the same origin. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/+$/, '') || '/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];

  constructor(status: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/** The server answered that it has no such thing for this presenter (404, or an id it cannot read: 400). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

type Query = Record<string, string | number | boolean | null | undefined>;
type RequestOptions = {
  query?: Query;
  /** JSON, or a FormData sent as multipart (the browser sets its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * An API path whose interpolated values (ids, often read from the address bar) stay one path segment
 * each. Interpolated as they were, a crafted address reached other routes with the presenter's sign-in:
 * `/screeners/<film>%2FdisableLink/overview` made `/videos/${id}` ask for `/videos/<film>/disableLink`,
 * which disabled the film's anonymous link for good. A `.` or `..` value, which URLs resolve even
 * escaped, is refused (404) rather than sent.
 */
export function apiPath(parts: TemplateStringsArray, ...values: (string | number)[]) {
  return parts.reduce((path, part, i) => {
    if (i === values.length) return path + part;
    const value = String(values[i]);
    if (/^(\.|%2e){1,2}$/i.test(value)) throw new ApiError(404, 'This page does not exist.');
    return path + part + encodeURIComponent(value);
  }, '');
}

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The answer as text (a WebVTT file, say) rather than JSON; refusals are read as for any request. */
type AnswerType = 'json' | 'text';

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
  answer: AnswerType = 'json',
): Promise<T> {
  // A caller's own sign-in (the autologin page revoking one it did not keep) wins over the stored one.
  const own = options.headers?.authorization;
  const token = own ? null : getToken();
  const accept = answer === 'json' ? 'application/json' : '*/*';
  const headers: Record<string, string> = { accept, ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal: options.signal };
  if (options.body instanceof FormData) init.body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${withQuery(path, options.query)}`, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await response.text();
  if (response.ok && answer === 'text') return text as T;
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody>;
    // A token the server no longer accepts is dropped, which sends the guards back to /login.
    if (response.status === 401 && token) setToken(null);
    throw new ApiError(
      response.status,
      body.message ?? `The request failed (${response.status}).`,
      body.errors,
    );
  }
  return data as T;
}

function safeJson(text: string) {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text.slice(0, 200) };
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  getText: (path: string, options?: RequestOptions) => request<string>('GET', path, options, 'text'),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
