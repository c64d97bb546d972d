import { DISPUTE_PHOTO_LIMITS, type DisputePhotoView } from '@loadout/contracts';
import { ChosenPhoto } from '@loadout/ui';
import { disputePhotoUrl, useMessagePhoto } from '@loadout/web';
import { useId, useRef } from 'react';
import { type EvidencePhotos } from './use-evidence-photos';

/**
 * The photo picker of a dispute form (ADR 0037): a labelled file input (up to 5 JPEG, PNG or
 * WebP), each chosen photo with its preview, upload progress or error, and a remove button.
 */
export function EvidencePhotoPicker({
  photos,
  label = 'Photos (optional)',
}: {
  photos: EvidencePhotos;
  label?: string;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="or-evidence">
      <label htmlFor={inputId} className="lo-label">
        {label}
      </label>
      <p id={hintId} className="lo-muted lo-small">
        Up to {DISPUTE_PHOTO_LIMITS.photosPerPost} photos (JPEG, PNG or WebP). Only the buyer, the
        seller and the Loadout team see them.
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={DISPUTE_PHOTO_LIMITS.photoTypes.join(',')}
        multiple
        disabled={photos.full}
        aria-describedby={hintId}
        className="or-evidence__input"
        onChange={(e) => {
          if (e.target.files) photos.add(e.target.files);
          e.target.value = '';
        }}
      />
      {photos.notice ? (
        <p role="alert" className="lo-small lo-field__error">
          {photos.notice}
        </p>
      ) : null}
      {photos.items.length > 0 ? (
        <ul className="or-evidence__list" aria-label="Chosen photos">
          {photos.items.map((p, i) => (
            <ChosenPhoto
              key={p.key}
              name={p.name}
              preview={p.preview}
              progress={p.progress}
              status={p.status}
              error={p.error}
              position={i + 1}
              onRemove={() => photos.remove(p.key)}
            />
          ))}
        </ul>
      ) : null}
      {photos.uploading ? (
        <p className="lo-muted lo-small" role="status">
          Uploading photos… Sending waits until they are up.
        </p>
      ) : null}
    </div>
  );
}

/** Evidence photos already in a dispute: thumbnails read with the caller's token. */
export function DisputePhotoList({
  disputeId,
  photos,
  label,
}: {
  disputeId: string;
  photos: readonly DisputePhotoView[];
  label: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="or-evidence__list" aria-label={label}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <DisputePhotoThumb disputeId={disputeId} photo={p} alt={`${label}: photo ${i + 1}`} />
        </li>
      ))}
    </ul>
  );
}

function DisputePhotoThumb({
  disputeId,
  photo,
  alt,
}: {
  disputeId: string;
  photo: DisputePhotoView;
  alt: string;
}) {
  const src = useMessagePhoto(disputePhotoUrl(disputeId, photo.id, 'thumb'));
  if (src.isError)
    return <span className="lo-small lo-field__error">{alt} could not be loaded.</span>;
  if (!src.data)
    return (
      <span
        className="or-evidence__thumb or-evidence__thumb--loading"
        aria-label={`${alt} (loading)`}
        role="img"
      />
    );
  return <img className="or-evidence__thumb" src={src.data} alt={alt} width={96} height={96} />;
}
