import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { IMAGE_UPLOADED_TEXT, ImageUpload } from './image-upload';

/**
 * The browser's XMLHttpRequest is outside our code, so the test replaces it with a fake
 * the test drives: it records what was sent and lets the test report progress and answer.
 */
class FakeXhr {
  static last: FakeXhr | null = null;
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
  constructor() {
    FakeXhr.last = this;
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
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

function Harness({ onValue }: { onValue?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <ImageUpload
        label="Pet image"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <button type="button" onClick={() => setValue(null)}>
        Reset form
      </button>
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });

describe('ImageUpload', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    configureApiClient({ getToken: async () => 'tok-123', onUnauthorized: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApiClient({ getToken: async () => null, onUnauthorized: () => {} });
  });

  it('uploads on selection with progress, then shows the preview and the success line', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);

    await user.upload(screen.getByLabelText('Pet image'), png());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/images');
    expect(xhr.headers.authorization).toBe('Bearer tok-123');
    expect((xhr.body as FormData).get('image')).toBeInstanceOf(File);

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('40%')).toBeInTheDocument();

    act(() => xhr.answer(200, { data: { display_url: '/images/abc.webp' } }));
    expect(await screen.findByText(IMAGE_UPLOADED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('/images/abc.webp');
    expect(screen.getByAltText('Preview of the chosen picture')).toHaveAttribute(
      'src',
      '/images/abc.webp',
    );
    expect(onValue).toHaveBeenLastCalledWith('/images/abc.webp');
  });

  it("shows the server's message when the picture is refused", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Pet image'), png());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() =>
      FakeXhr.last!.answer(415, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The file is not a JPEG, PNG, WebP, GIF or AVIF image.',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(screen.queryByText(IMAGE_UPLOADED_TEXT)).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(warn).toHaveBeenCalled();
  });

  it('clears the preview and success line when the form resets', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Pet image'), png());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.answer(200, { data: { display_url: '/images/abc.webp' } }));
    expect(await screen.findByText(IMAGE_UPLOADED_TEXT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset form' }));
    expect(screen.queryByText(IMAGE_UPLOADED_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByAltText('Preview of the chosen picture')).not.toBeInTheDocument();
    expect((screen.getByLabelText('Pet image') as HTMLInputElement).value).toBe('');
  });

  it('can be cleared with Remove picture', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Pet image'), png());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.answer(200, { data: { display_url: '/images/abc.webp' } }));
    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.queryByAltText('Preview of the chosen picture')).not.toBeInTheDocument();
  });
});
