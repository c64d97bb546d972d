import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorPanel,
  Skeleton,
  buttonClassName,
} from '@loadout/ui';
import {
  memberSince,
  requestReport,
  truncateDescription,
  usePageMeta,
  Link,
  useParams,
  usePublicProfile,
} from '@loadout/web';
import { type PublicProfile } from '@loadout/contracts';
import { errorStatus } from '../api/errors';
import { useAccountSession } from '../use-account-session';
import { Avatar } from './Avatar';
import { ProfileListings } from './ProfileListings';
import { ProfileRating } from './ProfileRating';
import { sellerTypeLabel } from './profile-format';

export const PUBLIC_PROFILE_TEXTS = {
  notFound: 'This user could not be found.',
} as const;

function ProfileDetails({ profile, isOwn }: { profile: PublicProfile; isOwn: boolean }) {
  const name = profile.displayName || profile.username;
  return (
    <article className="account-profile">
      <header className="account-profile__head">
        <Avatar name={name} url={profile.avatarUrl} />
        <div>
          <h1>{name}</h1>
          <p className="lo-muted">@{profile.username}</p>
          <p className="account-profile__badges">
            <Badge tone={profile.sellerType === 'trader' ? 'info' : 'neutral'}>
              {sellerTypeLabel(profile.sellerType)}
            </Badge>
            {profile.county ? <Badge tone="accent">Co. {profile.county}</Badge> : null}
          </p>
          <ProfileRating userId={profile.id} />
        </div>
        {isOwn ? (
          <Link to="/profile" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Edit your profile
          </Link>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              requestReport({
                type: 'profile',
                id: profile.username,
                label: `@${profile.username}`,
              })
            }
          >
            Report profile
          </Button>
        )}
      </header>
      <div className="account-profile__grid">
        <Card as="section" aria-labelledby="public-about-title">
          <h2 id="public-about-title">About</h2>
          {profile.bio ? (
            <p className="account-bio">{profile.bio}</p>
          ) : (
            <p className="lo-muted">{name} has not written a bio yet.</p>
          )}
          <dl className="account-facts">
            {profile.location || profile.county ? (
              <div>
                <dt>Location</dt>
                <dd>
                  {[profile.location, profile.county ? `Co. ${profile.county}` : '']
                    .filter(Boolean)
                    .join(', ')}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Seller type</dt>
              <dd>{sellerTypeLabel(profile.sellerType)}</dd>
            </div>
          </dl>
          <p className="lo-muted">
            <time dateTime={profile.createdAt}>{memberSince(profile.createdAt)}</time>
          </p>
        </Card>
        <ProfileListings userId={profile.id} name={name} />
      </div>
    </article>
  );
}

/** `/profile/:username`: anyone's public profile (no email). */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const { user } = useAccountSession();
  const profile = usePublicProfile(username);
  const notFound = profile.isError && errorStatus(profile.error) === 404;
  const data = profile.data;

  usePageMeta(
    data
      ? `${data.displayName || data.username} (@${data.username})`
      : notFound
        ? 'User not found'
        : 'Profile',
    data
      ? truncateDescription(
          `${data.displayName || data.username} on Loadout, Ireland's airsoft marketplace. ${sellerTypeLabel(data.sellerType)}${data.county ? ` in Co. ${data.county}` : ''}. ${data.bio}`,
        )
      : "A member's profile on Loadout, Ireland's airsoft marketplace.",
  );

  return (
    <div className="lo-container account-page">
      {profile.isPending ? (
        <div role="status" aria-label="Loading profile" className="account-profile">
          <Skeleton width="40%" height="2.2rem" />
          <Skeleton width="20%" />
          <Skeleton width="100%" height="10rem" shape="rect" />
        </div>
      ) : notFound ? (
        <>
          <h1 className="lo-visually-hidden">Profile</h1>
          <EmptyState
            title="User not found"
            description={PUBLIC_PROFILE_TEXTS.notFound}
            action={
              <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
                Back to Home
              </Link>
            }
          />
        </>
      ) : profile.isError ? (
        <ErrorPanel
          title="This profile could not be loaded"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <ProfileDetails
          profile={profile.data}
          isOwn={user?.username.toLowerCase() === profile.data.username.toLowerCase()}
        />
      )}
    </div>
  );
}
