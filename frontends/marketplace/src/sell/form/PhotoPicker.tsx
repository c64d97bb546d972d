import { LISTING_LIMITS } from '@loadout/contracts';
import { Badge, Button, cx } from '@loadout/ui';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { type ImageUploads, type PhotoItem } from '../upload/use-image-uploads';

export interface PhotoPickerProps {
  /** Id of the file input (focused when the photos have an error). */
  id: string;
  photos: ImageUploads;
  error?: string;
  disabled?: boolean;
}

type Direction = 'left' | 'right';

function percent(item: PhotoItem): number {
  return item.totalBytes > 0 ? Math.floor((item.loadedBytes / item.totalBytes) * 100) : 0;
}

/**
 * The Photos section: a file input with a visible label and a drop zone, then one card per
 * photo with its upload progress and buttons (cancel, pause/resume, retry, remove, move).
 */
export function PhotoPicker({ id, photos, error, disabled = false }: PhotoPickerProps) {
  const [dragging, setDragging] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ key: string; direction: Direction } | null>(null);
  const full = photos.items.length >= LISTING_LIMITS.imagesMax;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // Moving a photo re-renders the list: keep focus on the button that moved it.
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const same = buttons.current.get(`${target.key}:${target.direction}`);
    const other = buttons.current.get(
      `${target.key}:${target.direction === 'left' ? 'right' : 'left'}`,
    );
    (same && !same.disabled ? same : other)?.focus();
  }, [photos.items]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) photos.addFiles(files);
  };

  const register = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  const move = (item: PhotoItem, direction: Direction) => {
    refocus.current = { key: item.key, direction };
    photos.move(item.key, direction === 'left' ? -1 : 1);
  };

  return (
    <div className={cx('sell-photos', error ? 'lo-field--invalid' : null)}>
      <div
        className={cx('sell-dropzone', dragging && 'is-dragging')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={id}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="sell-dropzone__input"
          disabled={disabled || full}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so choosing the same file again still fires a change.
            event.target.value = '';
            if (files.length > 0) photos.addFiles(files);
          }}
        />
        <label htmlFor={id} className="sell-dropzone__label">
          Add photos
        </label>
        <p id={hintId} className="sell-dropzone__hint">
          or drag and drop them here. Up to {LISTING_LIMITS.imagesMax} photos, JPEG, PNG or WebP, at
          most 10 MB each. The first photo is the cover. ({photos.items.length} of{' '}
          {LISTING_LIMITS.imagesMax})
        </p>
      </div>

      {photos.notice ? <p className="sell-photos__notice">{photos.notice}</p> : null}
      {error ? (
        <p id={errorId} className="lo-field__error">
          {error}
        </p>
      ) : null}
      <p role="status" className="lo-visually-hidden">
        {photos.announcement}
      </p>

      {photos.items.length > 0 ? (
        <ol className="sell-photos__list" aria-label="Photos, in display order">
          {photos.items.map((item, index) => {
            const pct = percent(item);
            const uploading = item.state === 'running' || item.state === 'paused';
            return (
              <li key={item.key} className={cx('sell-photo', `is-${item.state}`)}>
                <div className="sell-photo__frame">
                  {item.previewUrl ? (
                    <img src={item.previewUrl} alt={item.name} className="sell-photo__img" />
                  ) : (
                    <span className="sell-photo__placeholder" aria-hidden="true" />
                  )}
                  {index === 0 ? (
                    <Badge tone="accent" className="sell-photo__cover">
                      Cover photo
                    </Badge>
                  ) : null}
                </div>
                <p className="sell-photo__name">{item.name}</p>

                {uploading ? (
                  <div className="sell-photo__progress">
                    <div
                      role="progressbar"
                      aria-label={`Upload of ${item.name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={pct}
                      aria-valuetext={`${pct}%${item.state === 'paused' ? ', paused' : ''}`}
                      className="sell-progress"
                    >
                      <span className="sell-progress__bar" style={{ width: `${pct}%` }} />
                    </div>
                    <span className="sell-photo__pct">
                      {item.state === 'paused' ? `Paused at ${pct}%` : `Uploading ${pct}%`}
                    </span>
                  </div>
                ) : null}
                {item.state === 'error' && item.error ? (
                  <p className="lo-field__error sell-photo__error">{item.error.message}</p>
                ) : null}

                <div className="sell-photo__actions">
                  {item.state === 'running' ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Pause: ${item.name}`}
                      onClick={() => photos.pause(item.key)}
                    >
                      Pause
                    </Button>
                  ) : null}
                  {item.state === 'paused' ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Resume: ${item.name}`}
                      onClick={() => photos.resume(item.key)}
                    >
                      Resume
                    </Button>
                  ) : null}
                  {uploading ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Cancel: ${item.name}`}
                      onClick={() => photos.cancel(item.key)}
                    >
                      Cancel
                    </Button>
                  ) : null}
                  {item.state === 'error' && item.error?.retryable ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Retry: ${item.name}`}
                      onClick={() => photos.retry(item.key)}
                    >
                      Retry
                    </Button>
                  ) : null}
                  {!uploading ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove: ${item.name}`}
                      onClick={() => photos.remove(item.key)}
                    >
                      Remove
                    </Button>
                  ) : null}
                  <Button
                    ref={register(`${item.key}:left`)}
                    size="sm"
                    variant="ghost"
                    aria-label={`Move left: ${item.name}`}
                    disabled={index === 0}
                    onClick={() => move(item, 'left')}
                  >
                    Move left
                  </Button>
                  <Button
                    ref={register(`${item.key}:right`)}
                    size="sm"
                    variant="ghost"
                    aria-label={`Move right: ${item.name}`}
                    disabled={index === photos.items.length - 1}
                    onClick={() => move(item, 'right')}
                  >
                    Move right
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
