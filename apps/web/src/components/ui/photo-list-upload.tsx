import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  IMAGE_ACCEPT,
  IMAGE_FIELD,
  responsiveImage,
  type UploadAnswer,
} from '@pet-haven/shared/images';
import { apiUpload, isApiError } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { Button } from './button';
import { ErrorText } from './error-text';
import { ProgressBar } from './progress-bar';

const IMAGE_UPLOAD_PATH = '/images';
const UPLOAD_FAILED_TEXT = 'Upload failed. Please try another picture.';

interface Upload {
  key: number;
  name: string;
  /** 0..1 while sending; null once sent (the server is processing it) or failed. */
  progress: number | null;
  error?: string;
}

export interface PhotoListUploadProps {
  /** The uploaded photos' URLs, in order. */
  value: string[];
  /** Called with the new order after a move or a removal. */
  onChange: (urls: string[]) => void;
  /**
   * Called with each finished upload's URL (the caller adds it where it belongs, reading its own
   * current state: uploads finish in any order).
   */
  onUploaded: (url: string) => void;
  /** How many more photos fit now (uploads beyond it are not started). */
  room: number;
  onUploadingChange?: (uploading: boolean) => void;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Extra buttons for a photo (e.g. "Make cover"). */
  actions?: (url: string, index: number) => ReactNode;
  /** The accessible name of photo `index`. */
  altOf: (index: number) => string;
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * Several photos: choose many files at once (each uploads with its own progress bar), reorder
 * them by dragging or with the Move buttons (keyboard), remove one. Each move is announced.
 */
export function PhotoListUpload({
  value,
  onChange,
  onUploaded,
  room,
  onUploadingChange,
  label,
  hint,
  error,
  actions,
  altOf,
}: PhotoListUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const controllers = useRef(new Set<AbortController>());
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // after a move by keyboard, the moved photo's button that moved it (the DOM move may blur it)
  const [refocus, setRefocus] = useState<{
    url: string;
    dir: 'earlier' | 'later' | 'input';
  } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    if (refocus.dir === 'input') inputRef.current?.focus();
    else
      listRef.current
        ?.querySelector<HTMLElement>(
          `[data-photo="${CSS.escape(refocus.url)}"] [data-move="${refocus.dir}"]`,
        )
        ?.focus();
    setRefocus(null);
  }, [refocus]);

  const running = uploads.filter((u) => !u.error).length;
  useEffect(() => onUploadingChange?.(running > 0), [running, onUploadingChange]);
  useEffect(() => {
    const open = controllers.current;
    return () => open.forEach((c) => c.abort());
  }, []);

  const patchUpload = (key: number, change: Partial<Upload> | null) =>
    setUploads((list) =>
      change === null
        ? list.filter((u) => u.key !== key)
        : list.map((u) => (u.key === key ? { ...u, ...change } : u)),
    );

  async function upload(file: File) {
    const key = nextKey.current++;
    const controller = new AbortController();
    controllers.current.add(controller);
    setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
    const form = new FormData();
    form.append(IMAGE_FIELD, file);
    try {
      const answer = await apiUpload<UploadAnswer>(
        IMAGE_UPLOAD_PATH,
        form,
        (progress) => patchUpload(key, { progress: progress < 1 ? progress : null }),
        controller.signal,
      );
      patchUpload(key, null);
      onUploaded(answer.data.display_url);
      setNotice(`${file.name} uploaded.`);
    } catch (err) {
      if (controller.signal.aborted) return;
      patchUpload(key, {
        progress: null,
        error:
          isApiError(err) && !err.isNetworkError && err.status < 500
            ? err.message
            : UPLOAD_FAILED_TEXT,
      });
    } finally {
      controllers.current.delete(controller);
    }
  }

  function choose(files: File[]) {
    const fits = Math.max(room - running, 0);
    setNotice(
      files.length > fits
        ? `Only ${fits} more ${fits === 1 ? 'photo fits' : 'photos fit'}: the first ${fits} are uploading.`
        : '',
    );
    files.slice(0, fits).forEach((f) => void upload(f));
    if (inputRef.current) inputRef.current.value = '';
  }

  function moveTo(from: number, to: number) {
    if (to < 0 || to >= value.length || from === to) return;
    onChange(move(value, from, to));
    setNotice(`${altOf(from)} is now ${altOf(to)}.`);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {hint && <p className="text-xs text-slate-600 dark:text-slate-300">{hint}</p>}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={room - running <= 0}
        aria-invalid={error ? true : undefined}
        onChange={(e) => choose([...(e.target.files ?? [])])}
        className="block w-full cursor-pointer rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white hover:file:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200"
      />
      {uploads.length > 0 && (
        <div className="flex flex-col gap-2">
          {uploads.map((u) => (
            <div key={u.key} className="flex flex-wrap items-center gap-2 text-xs">
              <span className="max-w-40 truncate text-slate-700 dark:text-slate-300">{u.name}</span>
              {u.error ? (
                <>
                  <ErrorText className="flex-1" live={false}>
                    {u.error}
                  </ErrorText>
                  <Button variant="ghost" size="sm" onClick={() => patchUpload(u.key, null)}>
                    Dismiss
                  </Button>
                </>
              ) : (
                <>
                  <ProgressBar
                    value={Math.round((u.progress ?? 1) * 100)}
                    label={`Uploading ${u.name}`}
                    className="min-w-24 flex-1"
                  />
                  <span className="min-w-16 text-right text-slate-600 tabular-nums dark:text-slate-300">
                    {u.progress === null ? 'Processing…' : `${Math.round(u.progress * 100)}%`}
                  </span>
                </>
              )}
            </div>
          ))}
        </div>
      )}
      {/* what happened, read out once: moves, removals, finished and failed uploads */}
      <div aria-live="polite" className="flex flex-col gap-2">
        {notice && <p className="sr-only">{notice}</p>}
        {uploads
          .filter((u) => u.error)
          .map((u) => (
            <p key={u.key} className="sr-only">{`${u.name}: ${u.error}`}</p>
          ))}
        <ErrorText live={false}>{error}</ErrorText>
      </div>
      {value.length > 0 && (
        <ol ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {value.map((url, i) => (
            <li
              key={url}
              data-photo={url}
              draggable
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null) moveTo(dragged, i);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={cn(
                'flex cursor-grab flex-col gap-1 rounded-lg border border-slate-200 p-2 dark:border-slate-700',
                dragged === i && 'opacity-50',
              )}
            >
              <img
                {...responsiveImage(url, '10rem')}
                alt={altOf(i)}
                width={160}
                height={120}
                className="aspect-4/3 w-full rounded-md object-cover"
              />
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="secondary"
                  size="sm"
                  className="px-2 aria-disabled:opacity-40"
                  aria-label={`Move ${altOf(i)} earlier`}
                  aria-disabled={i === 0}
                  data-move="earlier"
                  onClick={() => {
                    moveTo(i, i - 1);
                    setRefocus({ url, dir: 'earlier' });
                  }}
                >
                  <span aria-hidden="true">←</span>
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  className="px-2 aria-disabled:opacity-40"
                  aria-label={`Move ${altOf(i)} later`}
                  aria-disabled={i === value.length - 1}
                  data-move="later"
                  onClick={() => {
                    moveTo(i, i + 1);
                    setRefocus({ url, dir: 'later' });
                  }}
                >
                  <span aria-hidden="true">→</span>
                </Button>
                {actions?.(url, i)}
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2"
                  aria-label={`Remove ${altOf(i)}`}
                  onClick={() => {
                    onChange(value.filter((u) => u !== url));
                    setNotice(`${altOf(i)} removed.`);
                    // the button is gone with its photo: the focus goes back to the file box
                    setRefocus({ url: '', dir: 'input' });
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
