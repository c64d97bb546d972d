import { type MessageImageDto } from '@loadout/contracts';
import { Button } from '@loadout/ui';
import { useMessagePhoto } from '@loadout/web';
import { useState } from 'react';

/** The thumbnail's size (the server's 400 px version), so the thread does not jump. */
function thumbSize(image: MessageImageDto) {
  const scale = Math.min(1, 400 / Math.max(image.width, image.height));
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

/** A message's photos: thumbnails, each shown large in place when pressed. */
export function MessagePhotos({ images }: { images: MessageImageDto[] }) {
  if (images.length === 0) return null;
  return (
    <ul className="msg-photos" aria-label="Photos">
      {images.map((image, i) => (
        <li key={image.id}>
          <MessagePhoto image={image} label={`Photo ${i + 1} of ${images.length}`} />
        </li>
      ))}
    </ul>
  );
}

function MessagePhoto({ image, label }: { image: MessageImageDto; label: string }) {
  const [large, setLarge] = useState(false);
  const thumb = useMessagePhoto(image.thumbUrl);
  const full = useMessagePhoto(large ? image.url : null);
  const size = large ? { width: image.width, height: image.height } : thumbSize(image);

  if (thumb.isError)
    return (
      <span className="msg-photo msg-photo--error lo-small" role="alert">
        {label} could not be loaded.{' '}
        <Button size="sm" variant="ghost" onClick={() => void thumb.refetch()}>
          Try again
        </Button>
      </span>
    );
  const src = large && full.data ? full.data : thumb.data;
  return (
    <button
      type="button"
      className={large ? 'msg-photo msg-photo--large' : 'msg-photo'}
      aria-pressed={large}
      onClick={() => setLarge((v) => !v)}
    >
      {src ? (
        <img src={src} alt={label} width={size.width} height={size.height} />
      ) : (
        <span
          className="msg-photo__placeholder"
          role="img"
          aria-label={`${label}, loading`}
          style={{ aspectRatio: `${size.width} / ${size.height}` }}
        />
      )}
      <span className="lo-visually-hidden">{large ? ', shown large' : ', press to enlarge'}</span>
    </button>
  );
}
