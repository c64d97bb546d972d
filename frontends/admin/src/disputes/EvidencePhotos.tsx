import { type DisputePhotoView } from '@loadout/contracts';
import { disputePhotoUrl, useMessagePhoto } from '@loadout/web';

/**
 * A dispute's evidence photos for the deciding admin, read with the admin's token (the photo
 * route serves the parties and admins only), at the large size, scaled to the column.
 */
export function EvidencePhotos({
  disputeId,
  photos,
  label,
}: {
  disputeId: string;
  photos: readonly DisputePhotoView[] | undefined;
  label: string;
}) {
  if (!photos?.length) return null;
  return (
    <ul className="admin-evidence" aria-label={label}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <EvidencePhoto disputeId={disputeId} photo={p} alt={`${label}: photo ${i + 1}`} />
        </li>
      ))}
    </ul>
  );
}

function EvidencePhoto({
  disputeId,
  photo,
  alt,
}: {
  disputeId: string;
  photo: DisputePhotoView;
  alt: string;
}) {
  const src = useMessagePhoto(disputePhotoUrl(disputeId, photo.id, 'large'));
  if (src.isError)
    return <span className="lo-small lo-field__error">{alt} could not be loaded.</span>;
  if (!src.data)
    return <span className="admin-evidence__photo" role="img" aria-label={`${alt} (loading)`} />;
  return (
    <img
      className="admin-evidence__photo"
      src={src.data}
      alt={alt}
      width={photo.width}
      height={photo.height}
    />
  );
}
