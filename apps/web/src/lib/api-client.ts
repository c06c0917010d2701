import {
  type ErrorCode,
  errorCatalogue,
  isErrorCode,
  type ValidationIssue,
} from '@pet-haven/shared/errors';
import { LINK_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXCEEDS_HEADER } from '@pet-haven/shared/headers';

/**
 * The code of a failed call: a code of the API's error catalogue (packages/shared/src/errors.ts),
 * or NETWORK_ERROR (nothing came back) or HTTP_ERROR (an answer that is not the API's error body,
 * such as a proxy's HTML page).
 */
type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

/** Every failed API call becomes an ApiError; `status` 0 means the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A refusal the user can act on: a 4xx with the server's reason (not 401, which means signed out). */
export const isRefusal = (e: unknown): e is ApiError =>
  isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401;

/**
 * The text to show for a failed call: the server's own message when it refused the request (it names
 * the field when a field is wrong), `offline` when the network failed, otherwise the screen's fallback.
 */
export function errorMessage(err: unknown, fallback: string, offline = fallback): string {
  if (isRefusal(err)) return err.message;
  if (isApiError(err) && err.isNetworkError) return offline;
  return fallback;
}

interface ClientHooks {
  /** Answers a bearer token that is valid now (renewing it if needed), or null when signed out. */
  getToken: () => Promise<string | null>;
  /** Called when the API answers 401 to a call that carried a token. */
  onUnauthorized: () => void;
}

let hooks: ClientHooks = {
  getToken: async () => null,
  onUnauthorized: () => {},
};

/** The auth feature wires token handling in once, at start-up. */
export function configureApiClient(next: ClientHooks) {
  hooks = next;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where calls go: the browser's fetch, or on the server (entry-server.tsx) the app's own API
 * in-process, anonymously (decision 021).
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

/**
 * The page's origin; on the server, where there is no window, the origin the in-process API
 * sees (`app.request('/api/...')` answers links on http://localhost). Only paths leave this file.
 */
const pageOrigin = () =>
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

export type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  body?: FormData;
  signal?: AbortSignal;
  /** Skip the Authorization header (public calls that must not sign anyone out). */
  anonymous?: boolean;
}

export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

/**
 * The same-origin URL of an API call: a resource path (`/pets`) under `/api` with the query, or a
 * link the API gave (`/api/pets?page=2&limit=24`, a paged answer's next page) as it is, plus the
 * query. Answers the path with its query (`/api/pets?adopted=false&page=1`).
 */
export function apiPath(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(isApiLink(path) ? path : `/api${path}`, pageOrigin());
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

const isApiLink = (path: string) => path === '/api' || path.startsWith('/api/');

/** The one way the web calls the API: adds the bearer token and turns failures into ApiError. */
async function apiRequest<T>(path: string, req: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = req.anonymous ? null : await hooks.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.body) {
    body = req.body;
  }

  let res: Response;
  try {
    res = await transport(apiPath(path, req.query), {
      method: req.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: req.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }

  const parsed = parseJson(await res.text());
  if (!res.ok) throw toApiError(res.status, parsed, token);
  return { data: parsed as T, headers: res.headers };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The ApiError of an error answer: its catalogue code, and its message or else the catalogue's
 * text for the code; anything else is HTTP_ERROR.
 */
export function toApiError(status: number, parsed: unknown, token: string | null = null) {
  const e = (parsed ?? {}) as { code?: unknown; message?: unknown; issues?: ValidationIssue[] };
  if (status === 401 && token) hooks.onUnauthorized();
  const code = isErrorCode(e.code) ? e.code : 'HTTP_ERROR';
  const message =
    typeof e.message === 'string' && e.message
      ? e.message
      : code === 'HTTP_ERROR'
        ? `Request failed (${status}).`
        : errorCatalogue[code].message;
  return new ApiError(status, code, message, Array.isArray(e.issues) ? e.issues : undefined);
}

const networkError = () =>
  new ApiError(0, 'NETWORK_ERROR', 'Network error: the server could not be reached.');

/**
 * POSTs multipart form data with upload progress (fetch cannot report it, so this uses
 * XMLHttpRequest). Same bearer token and ApiError handling as `api`.
 * `onProgress` receives the fraction sent, from 0 to 1.
 */
export async function apiUpload<T>(
  path: string,
  formData: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const token = await hooks.getToken();
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath(path));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable && ev.total > 0) onProgress?.(ev.loaded / ev.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parsed as T);
      } else {
        reject(toApiError(xhr.status, parsed, token));
      }
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(networkError());
    };
    xhr.onabort = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(formData);
  });
}

export async function api<T>(path: string, req?: ApiRequest): Promise<T> {
  return (await apiRequest<T>(path, req)).data;
}

/** One page of a list answer (decision 020). */
export interface ApiPage<T> {
  items: T[];
  /** How many items the list has in all (X-Total-Count), or more than that when `totalExceeded`. */
  total: number;
  /** More than `total` items match (X-Total-Count-Exceeds: a search that counts only so far). */
  totalExceeded: boolean;
  /** The next page's link (`/api/...?page=3&limit=24`, from `Link: <...>; rel="next"`), null on the last. */
  next: string | null;
}

/**
 * A page of a list: the JSON array, the total from X-Total-Count (or its lower bound from
 * X-Total-Count-Exceeds) and the next page from the Link header. `path` is a resource path with
 * `req.query`, or a `next` link of an earlier page.
 */
export async function apiPage<T>(path: string, req?: ApiRequest): Promise<ApiPage<T>> {
  const { data, headers } = await apiRequest<T[]>(path, req);
  const exceeds = Number(headers.get(TOTAL_EXCEEDS_HEADER) || NaN);
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length);
  return {
    items: data,
    ...(Number.isFinite(exceeds)
      ? { total: exceeds, totalExceeded: true }
      : { total: Number.isFinite(total) ? total : data.length, totalExceeded: false }),
    next: nextLink(headers.get(LINK_HEADER)),
  };
}

/**
 * The target of `rel="next"` in a Link header, as a same-origin `/api/...` path with its query;
 * null when there is none, or when it points anywhere else (the client sends its token only to
 * its own API).
 */
export function nextLink(header: string | null): string | null {
  for (const m of (header ?? '').matchAll(/<([^>]*)>\s*((?:;[^,;]*)*)/g)) {
    const rels = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(m[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (!rels.includes('next')) continue;
    const url = new URL(m[1] ?? '', pageOrigin());
    if (url.origin !== pageOrigin() || !isApiLink(url.pathname)) return null;
    return url.pathname + url.search;
  }
  return null;
}
