import { cx } from '@loadout/ui';
import { useSession } from '@loadout/web';
import { useState } from 'react';
import { useFavoriteIds, useToggleFavorite } from '../api/favorites.hooks';
import { HeartIcon } from './HeartIcon';
import { SignInPrompt } from './SignInPrompt';

export interface FavoriteButtonProps {
  listingId: string;
  title: string;
  /** `icon`: a round heart on a card; `full`: a labelled button on the listing page. */
  variant?: 'icon' | 'full';
  className?: string;
}

/** The favourite heart (a toggle button); signed-out visitors are asked to sign in. */
export function FavoriteButton({
  listingId,
  title,
  variant = 'icon',
  className,
}: FavoriteButtonProps) {
  const { status } = useSession();
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  const [promptOpen, setPromptOpen] = useState(false);
  const signedIn = status === 'signed-in';
  // The page is drawn before the session is restored (ADR 0033): until it is, a click would
  // ask a signed-in visitor to sign in.
  const checking = status === 'loading';
  const pressed = signedIn && (ids.data?.has(listingId) ?? false);

  const onClick = () => {
    if (!signedIn) {
      setPromptOpen(true);
      return;
    }
    toggle.mutate({ listingId, favorite: !pressed });
  };

  return (
    <>
      <button
        type="button"
        className={cx('mp-fav', `mp-fav--${variant}`, pressed && 'is-pressed', className)}
        aria-pressed={pressed}
        disabled={checking}
        aria-label={variant === 'icon' ? `Favourite ${title}` : undefined}
        title={pressed ? 'Remove from favourites' : 'Save to favourites'}
        onClick={onClick}
      >
        <HeartIcon filled={pressed} />
        {variant === 'full' ? <span>Favourite</span> : null}
      </button>
      <SignInPrompt open={promptOpen} onClose={() => setPromptOpen(false)} />
    </>
  );
}
