import { HttpResponse } from 'msw';
import { onTestFinished, vi } from 'vitest';
import type { UploadAnswer } from '@pet-haven/shared/images';

/** An answer of POST /api/images for a hosted picture with the given id (64 hex digits). */
export function uploadAnswer(id = 'a'.repeat(64), width = 1600): UploadAnswer {
  return { data: { display_url: `/api/images/${id}-${width}w.webp` } };
}

/**
 * Uploads (apiUpload) go through MSW like every request: msw/node intercepts XMLHttpRequest too,
 * and reports the upload as one progress event with every byte sent, just before the answer. It
 * cannot report a part of the upload. To show a partial progress, `captureUploadProgress()`
 * hands the test the `upload.onprogress` listener the app sets (found with a spy on the standard
 * setter) so it can report progress the way the browser does, while MSW still handles the request.
 *
 *   const progress = captureUploadProgress();
 *   ... the upload starts ...
 *   act(() => progress.report(40, 100));
 */
export function captureUploadProgress() {
  // XMLHttpRequestUpload inherits `onprogress` from XMLHttpRequestEventTarget
  const owner = Object.getPrototypeOf(XMLHttpRequestUpload.prototype) as XMLHttpRequestEventTarget;
  const setter = vi.spyOn(owner, 'onprogress', 'set');
  onTestFinished(() => setter.mockRestore());
  return {
    /** Reports that `loaded` of `total` bytes are sent, to the latest upload's listener. */
    report(loaded: number, total: number) {
      const last = setter.mock.contexts.findLastIndex((t) => t instanceof XMLHttpRequestUpload);
      const listener = setter.mock.calls[last]?.[0];
      if (typeof listener !== 'function') throw new Error('No upload has set onprogress yet');
      const upload = setter.mock.contexts[last] as XMLHttpRequestUpload;
      listener.call(
        upload as unknown as XMLHttpRequest,
        new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
      );
    },
  };
}

/**
 * A JSON answer whose status and headers go out at once and whose body only when `finish()` is
 * called: for an upload, the time between the last byte sent and the server's answer (MSW has
 * reported the upload complete by then).
 */
export function answerFinishedLater(json: unknown, status = 201) {
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      finish = () => {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(json)));
        controller.close();
      };
    },
  });
  const response = new HttpResponse(body, {
    status,
    headers: { 'content-type': 'application/json' },
  });
  return { response, finish: () => finish() };
}
