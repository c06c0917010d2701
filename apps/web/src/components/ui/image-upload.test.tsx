import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { answer, apiError, requests } from '@/testing/api-handlers';
import { server } from '@/testing/server';
import { answerFinishedLater, captureUploadProgress, uploadAnswer } from '@/testing/uploads';
import { IMAGE_UPLOADED_TEXT, ImageUpload } from './image-upload';

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

const url = uploadAnswer().data.display_url;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });

describe('ImageUpload', () => {
  beforeEach(() => {
    configureApiClient({ getToken: async () => 'tok-123', onUnauthorized: () => {} });
  });
  afterEach(() => {
    configureApiClient({ getToken: async () => null, onUnauthorized: () => {} });
  });

  it('uploads on selection with progress, then shows the preview and the success line', async () => {
    const progress = captureUploadProgress();
    let respond!: () => void;
    const responding = new Promise<void>((res) => (respond = res));
    const later = answerFinishedLater(uploadAnswer());
    server.use(
      answer('POST /api/images', async () => {
        await responding;
        return later.response;
      }),
    );
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);

    await user.upload(screen.getByLabelText('Pet image'), png());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const sent = requests[0]!;
    expect(sent.key).toBe('POST /api/images');
    expect(sent.headers.get('authorization')).toBe('Bearer tok-123');
    // the picture is a file part named `image` (its bytes and name do not survive jsdom's
    // FormData on its way to MSW: vitest-dev/vitest#11294)
    expect(sent.form?.get('image')).toMatchObject({ type: 'image/png' });

    act(() => progress.report(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('40%')).toBeInTheDocument();
    // all bytes sent (MSW reports it as it answers): the server is still re-encoding the picture
    respond();
    expect(await screen.findByText('Processing…')).toBeInTheDocument();

    later.finish();
    expect(await screen.findByText(IMAGE_UPLOADED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent(url);
    // the server's picture, in a small size from the srcset
    const preview = screen.getByAltText('Preview of the chosen picture');
    expect(preview.getAttribute('src')).toMatch(/^\/api\/images\/a{64}-\d+w\.webp$/);
    expect(preview.getAttribute('srcset')).toContain('-400w.webp 400w');
    expect(onValue).toHaveBeenLastCalledWith(url);
  });

  it("shows the server's message when the picture is refused", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      answer('POST /api/images', () =>
        apiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'The file is not a JPEG, PNG, WebP, GIF or AVIF image.',
        ),
      ),
    );
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Pet image'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(screen.queryByText(IMAGE_UPLOADED_TEXT)).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(warn).toHaveBeenCalled();
  });

  it('clears the preview and success line when the form resets', async () => {
    server.use(answer('POST /api/images', () => uploadAnswer()));
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Pet image'), png());
    expect(await screen.findByText(IMAGE_UPLOADED_TEXT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset form' }));
    expect(screen.queryByText(IMAGE_UPLOADED_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByAltText('Preview of the chosen picture')).not.toBeInTheDocument();
    expect((screen.getByLabelText('Pet image') as HTMLInputElement).value).toBe('');
  });

  it('can be cleared with Remove picture', async () => {
    server.use(answer('POST /api/images', () => uploadAnswer()));
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Pet image'), png());
    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.queryByAltText('Preview of the chosen picture')).not.toBeInTheDocument();
  });
});
