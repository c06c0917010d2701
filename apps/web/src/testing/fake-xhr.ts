import { onTestFinished, vi } from 'vitest';

/**
 * Uploads (apiUpload) use the browser's XMLHttpRequest, which renderRoute's fetch stub does not
 * see. `stubXhr()` replaces XMLHttpRequest with this fake for one test: it records every request
 * and either answers at once with `respond` or lets the test drive progress and the answer.
 *
 *   const xhr = stubXhr({ respond: () => ({ status: 200, json: { data: { display_url } } }) });
 *   ...
 *   expect(xhr.requests[0]?.url).toBe('/api/images');
 */
export interface FakeXhrAnswer {
  status: number;
  json?: unknown;
}

export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((ev: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly registry: XhrStub) {
    registry.requests.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v;
  }
  send(body: unknown) {
    this.body = body;
    const respond = this.registry.respond;
    if (respond) {
      // answer on a later task, as a browser would
      setTimeout(() => {
        const a = respond(this);
        if (a === 'network-error') this.fail();
        else {
          this.progress(1, 1);
          this.answer(a.status, a.json);
        }
      }, 0);
    }
  }
  abort() {
    this.onabort?.();
  }
  /** Reports upload progress (`loaded` of `total` bytes). */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** Completes the request with a status and a JSON body. */
  answer(status: number, json?: unknown) {
    this.status = status;
    this.responseText = json === undefined ? '' : JSON.stringify(json);
    this.onload?.();
  }
  /** Fails the request as a network error. */
  fail() {
    this.onerror?.();
  }
  /** The multipart body as FormData. */
  get formData() {
    return this.body as FormData;
  }
}

export interface XhrStub {
  requests: FakeXhr[];
  respond?: (xhr: FakeXhr) => FakeXhrAnswer | 'network-error';
  /** The most recent request. */
  readonly last: FakeXhr | undefined;
}

export function stubXhr(options: { respond?: XhrStub['respond'] } = {}): XhrStub {
  const stub: XhrStub = {
    requests: [],
    respond: options.respond,
    get last() {
      return this.requests[this.requests.length - 1];
    },
  };
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(stub);
      }
    },
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return stub;
}

/** An answer of POST /api/images for a hosted picture with the given id (64 hex digits). */
export function uploadAnswer(id = 'a'.repeat(64), width = 1600) {
  return { data: { display_url: `/api/images/${id}-${width}w.webp` } };
}
