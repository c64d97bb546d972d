import { type ListingImageDto } from '@loadout/contracts';
import { Button } from '@loadout/ui';
import { type KeyboardEvent, useRef, useState } from 'react';

export interface GalleryProps {
  images: readonly ListingImageDto[];
  title: string;
}

/**
 * The listing's photos: a main image and a row of thumbnail buttons. Arrow keys, Home and End
 * move between thumbnails (and show that photo); Previous/Next buttons do the same.
 */
export function Gallery({ images, title }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const thumbsRef = useRef<HTMLUListElement>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="mp-gallery">
        <div className="mp-gallery__main mp-thumb--empty" role="img" aria-label="No photos">
          <span aria-hidden="true">No photos</span>
        </div>
      </div>
    );
  }

  const current = Math.min(index, count - 1);
  const image = images[current]!;
  const show = (next: number, focus = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (focus) thumbsRef.current?.querySelectorAll('button')[wrapped]?.focus();
  };
  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      ArrowLeft: i - 1,
      ArrowUp: i - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  };

  return (
    <div className="mp-gallery">
      <figure className="mp-gallery__main">
        <img
          src={image.url}
          alt={`${title} (${current + 1} of ${count})`}
          width={image.width}
          height={image.height}
        />
        {count > 1 ? (
          <figcaption className="mp-gallery__caption" aria-live="polite">
            Photo {current + 1} of {count}
          </figcaption>
        ) : null}
      </figure>
      {count > 1 ? (
        <div className="mp-gallery__controls">
          <Button variant="secondary" size="sm" onClick={() => show(current - 1)}>
            Previous photo
          </Button>
          <ul className="mp-gallery__thumbs" ref={thumbsRef} aria-label="Photos">
            {images.map((img, i) => (
              <li key={img.id}>
                <button
                  type="button"
                  className="mp-gallery__thumb"
                  aria-label={`Show photo ${i + 1} of ${count}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => show(i)}
                  onKeyDown={(event) => onThumbKey(event, i)}
                >
                  <img src={img.thumbUrl} alt="" />
                </button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={() => show(current + 1)}>
            Next photo
          </Button>
        </div>
      ) : null}
    </div>
  );
}
