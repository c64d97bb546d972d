import { Button } from './Button';
import { cx } from './class-names';

export interface ChosenPhotoProps {
  /** The file's name, read out in the photo's label. */
  name: string;
  /** 1-based position among the chosen photos. */
  position: number;
  /** Object URL of the chosen file; empty where the browser gives none. */
  preview: string;
  /** 0–1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'error';
  error?: string;
  onRemove: () => void;
}

/**
 * One photo chosen for a post (a message, a dispute), as a list item: its preview, its upload
 * progress, "Ready" or the reason it was refused, and a Remove button naming it.
 */
export function ChosenPhoto({
  name,
  position,
  preview,
  progress,
  status,
  error,
  onRemove,
}: ChosenPhotoProps) {
  const label = `Photo ${position} (${name})`;
  return (
    <li className={cx('lo-chosen-photo', status === 'error' && 'lo-chosen-photo--error')}>
      {preview ? (
        <img
          className="lo-chosen-photo__preview"
          src={preview}
          alt={label}
          width={64}
          height={64}
        />
      ) : (
        <span className="lo-chosen-photo__preview" aria-hidden="true" />
      )}
      <span className="lo-chosen-photo__state lo-small">
        {status === 'uploading' ? (
          <progress
            max={100}
            value={Math.round(progress * 100)}
            aria-label={`Uploading ${label}`}
          />
        ) : status === 'error' ? (
          <span role="alert" className="lo-field__error">
            {error}
          </span>
        ) : (
          <span className="lo-muted">Ready</span>
        )}
      </span>
      <Button size="sm" variant="ghost" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}
