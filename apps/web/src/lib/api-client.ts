import type { ErrorBody, ValidationIssue } from '@pet-haven/shared/errors';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/headers';

/** Every failed API call becomes an ApiError; `status` 0 means the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

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
    res = await fetch(buildUrl(path, req.query), {
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

function toApiError(status: number, parsed: unknown, token: string | null) {
  const e = (parsed ?? {}) as Partial<ErrorBody>;
  if (status === 401 && token) hooks.onUnauthorized();
  return new ApiError(
    status,
    e.code ?? 'HTTP_ERROR',
    e.message ?? `Request failed (${status}).`,
    e.issues,
  );
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
    xhr.open('POST', buildUrl(path));
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

/** A page of a list answer: the JSON array plus the X-Total-Count header. */
export async function apiPage<T>(
  path: string,
  req?: ApiRequest,
): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await apiRequest<T[]>(path, req);
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}
