import { Button, EmptyState, Spinner, buttonClassName } from '@loadout/ui';
import { usePageMeta, useSession, useSignInPrompt, Link } from '@loadout/web';
import { useFavorites } from '../api/favorites.hooks';
import { ListingResults } from '../listings/ListingResults';

function SignedOut() {
  const { signIn, starting, problem } = useSignInPrompt();
  return (
    <EmptyState
      title="Sign in to see your favourites"
      description="Save listings with the heart and find them here again, on any device."
      action={
        <>
          <Button onClick={() => void signIn()} loading={starting}>
            Sign in
          </Button>
          <Link to="/auth?tab=signup" className={buttonClassName({ variant: 'secondary' })}>
            Register
          </Link>
          {problem ? (
            <p role="alert" className="mp-error-text">
              {problem}
            </p>
          ) : null}
        </>
      }
    />
  );
}

function FavoriteListings() {
  const favorites = useFavorites();
  const total = favorites.data?.pages[0]?.total;
  return (
    <ListingResults
      query={favorites}
      headingLevel={2}
      loadingLabel="Loading your favourites"
      errorTitle="Your favourites could not be loaded"
      header={
        <p className="mp-count" aria-live="polite">
          {total === undefined
            ? ''
            : `${total} saved ${total === 1 ? 'listing' : 'listings'}. Press a heart to remove one; it stays here until you leave, so you can undo.`}
        </p>
      }
      empty={
        <EmptyState
          title="No favourites yet"
          description="Press the heart on any listing to save it here."
          action={
            <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
              Browse the marketplace
            </Link>
          }
        />
      }
    />
  );
}

/** `/favorites`: the signed-in user's saved listings. */
export function FavoritesPage() {
  const { status } = useSession();
  usePageMeta('Favourites', 'The listings you saved on Loadout.');
  return (
    <div className="lo-container mp-page">
      <header className="mp-head">
        <h1>Favourites</h1>
      </header>
      {status === 'loading' ? (
        <Spinner label="Loading your session" />
      ) : status === 'signed-out' ? (
        <SignedOut />
      ) : (
        <FavoriteListings />
      )}
    </div>
  );
}
