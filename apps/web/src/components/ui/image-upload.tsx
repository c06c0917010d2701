import { useEffect, useId, useRef, useState, type Ref } from 'react';
import {
  IMAGE_ACCEPT,
  IMAGE_FIELD,
  responsiveImage,
  type UploadAnswer,
} from '@pet-haven/shared/images';
import { apiUpload, isApiError } from '@/lib/api-client';
import { Button } from './button';
import { ErrorText } from './error-text';
import { ProgressBar } from './progress-bar';

const IMAGE_UPLOAD_PATH = '/images';
export const IMAGE_UPLOADED_TEXT = 'Image uploaded successfully!';
const IMAGE_UPLOAD_FAILED_TEXT = 'Image upload failed. Please try another picture.';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

export interface ImageUploadProps {
  /** The hosted picture's display_url, or null when none is uploaded yet. */
  value: string | null;
  /** Called with the display_url after a successful upload, and with null when cleared. */
  onChange: (displayUrl: string | null) => void;
  /** Reports whether an upload is running, so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  label?: string;
  /** A form-level error about the picture (e.g. 'Please upload a pet image!'). */
  error?: string;
  disabled?: boolean;
  id?: string;
  /** The file input (react-hook-form focuses it when the picture is missing). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file input that uploads the chosen picture at once to POST /api/images (field `image`),
 * showing a progress bar, a preview and a success line. Controlled by `value`: setting it
 * back to null (a form reset) clears the preview and the file input.
 */
export function ImageUpload({
  value,
  onChange,
  onUploadingChange,
  label = 'Image',
  error,
  disabled,
  id,
  ref,
}: ImageUploadProps) {
  const autoId = useId();
  const inputId = id ?? `image-upload-${autoId}`;
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  // A reset from outside (value back to null) clears everything we show.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value === null && phase.kind !== 'uploading') {
      setPhase({ kind: 'idle' });
      setLocalPreview(null);
    }
  }
  useEffect(() => {
    if (value === null && inputRef.current && phase.kind !== 'uploading') {
      inputRef.current.value = '';
    }
  }, [value, phase.kind]);

  // Free the object URL of the local preview when it changes or on unmount.
  useEffect(() => {
    if (!localPreview?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function upload(file: File) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setLocalPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    setPhase({ kind: 'uploading', progress: 0 });
    onUploadingChange?.(true);
    onChange(null);
    const form = new FormData();
    form.append(IMAGE_FIELD, file);
    try {
      const answer = await apiUpload<UploadAnswer>(
        IMAGE_UPLOAD_PATH,
        form,
        (progress) => {
          if (!controller.signal.aborted) setPhase({ kind: 'uploading', progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      // From now on show the server's re-encoded picture, not the local file.
      setLocalPreview(null);
      setPhase({ kind: 'done' });
      onChange(answer.data.display_url);
    } catch (err) {
      if (controller.signal.aborted) return;
      console.warn('Image upload failed', err);
      setLocalPreview(null);
      setPhase({
        kind: 'failed',
        message:
          isApiError(err) && !err.isNetworkError && err.status < 500
            ? err.message
            : IMAGE_UPLOAD_FAILED_TEXT,
      });
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        onUploadingChange?.(false);
      }
    }
  }

  function clear() {
    abortRef.current?.abort();
    abortRef.current = null;
    onUploadingChange?.(false);
    setPhase({ kind: 'idle' });
    setLocalPreview(null);
    if (inputRef.current) inputRef.current.value = '';
    onChange(null);
  }

  const preview = localPreview ?? value;
  const percent = phase.kind === 'uploading' ? Math.round(phase.progress * 100) : 100;
  const shownError = phase.kind === 'failed' ? phase.message : error;

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        ref={(el) => {
          inputRef.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        id={inputId}
        name={IMAGE_FIELD}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={statusId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
        className="block w-full cursor-pointer rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white hover:file:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200"
      />
      <div id={statusId} aria-live="polite" className="flex flex-col gap-2">
        {phase.kind === 'uploading' && (
          <div className="flex items-center gap-2">
            <ProgressBar value={percent} label="Upload progress" className="flex-1" />
            <span className="min-w-12 text-right text-xs text-slate-600 tabular-nums dark:text-slate-300">
              {percent < 100 ? `${percent}%` : 'Processing…'}
            </span>
          </div>
        )}
        {phase.kind === 'done' && value && (
          <p className="text-sm text-green-700 dark:text-green-400">{IMAGE_UPLOADED_TEXT}</p>
        )}
        <ErrorText>{shownError}</ErrorText>
      </div>
      {preview && (
        <div className="flex items-end gap-3">
          <img
            {...(preview.startsWith('blob:') ? { src: preview } : responsiveImage(preview, '7rem'))}
            alt="Preview of the chosen picture"
            width={112}
            height={112}
            className="h-28 w-28 rounded-md border border-slate-200 object-cover dark:border-slate-700"
          />
          <Button variant="ghost" size="sm" onClick={clear} disabled={disabled}>
            Remove picture
          </Button>
        </div>
      )}
    </div>
  );
}
