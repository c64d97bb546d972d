import {
  Badge,
  Button,
  buttonClassName,
  Card,
  ErrorPanel,
  type FieldChecks,
  focusFirstInvalid,
  RadioGroup,
  SelectField,
  Skeleton,
  TextAreaField,
  TextField,
  useForm,
} from '@loadout/ui';
import {
  formatShortDate,
  memberSince,
  usePageMeta,
  Link,
  useOwnProfile,
  useUpdateProfile,
} from '@loadout/web';
import { type FormEvent, useRef } from 'react';
import { toast } from 'sonner';
import { IRISH_COUNTIES, isIrishCounty } from '@loadout/contracts';
import { type OwnProfile, type ProfileUpdate, type SellerType } from '@loadout/contracts';
import { errorMessage, errorStatus, fieldErrorsFrom } from '../api/errors';
import { StartSignIn } from '../auth/StartSignIn';
import { useAccountSession } from '../use-account-session';
import { AddressBook } from './AddressBook';
import { Avatar } from './Avatar';
import { NotificationSettings } from './NotificationSettings';
import { PrivacySettings } from './PrivacySettings';
import { sellerTypeLabel } from './profile-format';

export const PROFILE_TEXTS = {
  updated: 'Profile updated',
  updateFailed: 'Profile update failed',
  unauthenticated: 'No user authenticated',
  noChanges: 'Nothing to save: your profile is unchanged.',
} as const;

/** The identity service's limits (PATCH /api/v1/me). */
export const PROFILE_LIMITS = { displayName: 60, bio: 500, location: 100 } as const;

type ProfileField = 'displayName' | 'bio' | 'location' | 'county' | 'sellerType';
const ORDER: readonly ProfileField[] = ['displayName', 'bio', 'location', 'county', 'sellerType'];

const CHECKS: FieldChecks<ProfileField> = {
  displayName: (value) => {
    const v = value.trim();
    if (!v) return 'Enter a display name.';
    if (v.length > PROFILE_LIMITS.displayName) {
      return `Your display name can be at most ${PROFILE_LIMITS.displayName} characters.`;
    }
    return undefined;
  },
  bio: (value) =>
    value.trim().length > PROFILE_LIMITS.bio
      ? `Your bio can be at most ${PROFILE_LIMITS.bio} characters.`
      : undefined,
  location: (value) =>
    value.trim().length > PROFILE_LIMITS.location
      ? `Your location can be at most ${PROFILE_LIMITS.location} characters.`
      : undefined,
};

const COUNTY_OPTIONS = [
  { value: '', label: 'Not stated' },
  ...IRISH_COUNTIES.map((county) => ({ value: county, label: county })),
];

const SELLER_OPTIONS = [
  { value: 'private', label: 'Private seller' },
  { value: 'trader', label: 'Trader' },
] as const;

function valuesOf(profile: OwnProfile): Record<ProfileField, string> {
  return {
    displayName: profile.displayName ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    county: profile.county ?? '',
    sellerType: profile.sellerType === 'trader' ? 'trader' : 'private',
  };
}

/** Only the fields that changed, trimmed; a cleared county is sent as null. */
export function profileChanges(
  before: Record<ProfileField, string>,
  after: Record<ProfileField, string>,
): ProfileUpdate {
  const update: ProfileUpdate = {};
  const displayName = after.displayName.trim();
  const bio = after.bio.trim();
  const location = after.location.trim();
  if (displayName !== before.displayName) update.displayName = displayName;
  if (bio !== before.bio) update.bio = bio;
  if (location !== before.location) update.location = location;
  if (after.county !== before.county) {
    update.county = isIrishCounty(after.county) ? after.county : null;
  }
  if (after.sellerType !== before.sellerType) update.sellerType = after.sellerType as SellerType;
  return update;
}

function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const formRef = useRef<HTMLFormElement>(null);
  const initial = valuesOf(profile);
  const form = useForm(initial, CHECKS);
  const { refresh } = useAccountSession();
  const update = useUpdateProfile(() => {
    toast.success(PROFILE_TEXTS.updated);
    // The header shows the display name from the session: read it again.
    refresh().catch(() => undefined);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ORDER, form.clientErrors);
      return;
    }
    const changes = profileChanges(initial, form.values);
    if (Object.keys(changes).length === 0) {
      toast.info(PROFILE_TEXTS.noChanges);
      return;
    }
    update.mutate(changes, {
      onError: (error) => {
        const description =
          errorStatus(error) === 401
            ? PROFILE_TEXTS.unauthenticated
            : errorMessage(error, 'Please try again.');
        toast.error(PROFILE_TEXTS.updateFailed, { description });
        const fieldErrors = fieldErrorsFrom(error, ORDER);
        form.setServerErrors(fieldErrors);
        focusFirstInvalid(formRef.current, ORDER, fieldErrors);
      },
    });
  };

  const bioLength = form.values.bio.trim().length;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="Edit profile"
      className="account-form"
    >
      <TextField
        {...form.field('displayName')}
        label="Display name"
        hint="Shown on your listings and messages."
        autoComplete="nickname"
        required
        maxLength={PROFILE_LIMITS.displayName}
      />
      <TextAreaField
        {...form.field('bio')}
        label="Bio"
        hint={`Optional. ${bioLength}/${PROFILE_LIMITS.bio} characters.`}
        rows={4}
      />
      <TextField
        {...form.field('location')}
        label="Location"
        hint="Optional, e.g. your town."
        autoComplete="address-level2"
        maxLength={PROFILE_LIMITS.location}
      />
      <SelectField {...form.field('county')} label="County" options={COUNTY_OPTIONS} />
      <RadioGroup
        inline
        legend="Seller type"
        name="sellerType"
        options={SELLER_OPTIONS}
        value={form.values.sellerType === 'trader' ? 'trader' : 'private'}
        onChange={(value) => form.setValue('sellerType', value)}
        hint="Traders sell as a business and must honour consumer rights."
      />
      <div className="account-actions">
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
        <Button variant="ghost" onClick={() => form.reset(initial)} disabled={update.isPending}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="account-profile">
      <Skeleton width="40%" height="2.2rem" />
      <Skeleton width="25%" />
      <Skeleton width="100%" height="8rem" shape="rect" />
      <Skeleton width="100%" height="16rem" shape="rect" />
    </div>
  );
}

function OwnProfileView() {
  const me = useOwnProfile(true);
  if (me.isPending) return <ProfileSkeleton />;
  if (me.isError) {
    if (errorStatus(me.error) === 401) {
      return (
        <ErrorPanel
          title={PROFILE_TEXTS.unauthenticated}
          message="Your session has ended. Please sign in again to see your profile."
          actions={
            <Link to="/auth" className={buttonClassName({ variant: 'secondary' })}>
              Sign In
            </Link>
          }
        />
      );
    }
    return (
      <ErrorPanel
        title="Your profile could not be loaded"
        message={me.error.message}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }
  const profile = me.data;
  return (
    <div className="account-profile">
      <header className="account-profile__head">
        <Avatar name={profile.displayName || profile.username} url={profile.avatarUrl} />
        <div>
          <h1>{profile.displayName || profile.username}</h1>
          <p className="lo-muted">@{profile.username}</p>
        </div>
      </header>
      <div className="account-profile__grid">
        <Card as="section" aria-labelledby="account-details-title">
          <h2 id="account-details-title">Account</h2>
          <dl className="account-facts">
            <div>
              <dt>Email</dt>
              <dd>
                <span className="account-email">{profile.email}</span>{' '}
                {profile.isVerified ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <Badge tone="warning">Not verified</Badge>
                )}
              </dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>@{profile.username}</dd>
            </div>
            <div>
              <dt>Seller type</dt>
              <dd>{sellerTypeLabel(profile.sellerType)}</dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>
                <time dateTime={profile.createdAt} title={formatShortDate(profile.createdAt)}>
                  {memberSince(profile.createdAt).replace('Member since ', '')}
                </time>
              </dd>
            </div>
          </dl>
          <p>
            <Link to={`/profile/${encodeURIComponent(profile.username)}`}>
              View your public profile
            </Link>
          </p>
        </Card>
        <Card as="section" aria-labelledby="account-edit-title">
          <h2 id="account-edit-title">Edit profile</h2>
          <ProfileEditor key={profile.updatedAt} profile={profile} />
        </Card>
        <Card as="section" aria-labelledby="account-addresses-title">
          <h2 id="account-addresses-title">Addresses</h2>
          <AddressBook />
        </Card>
        <Card as="section" aria-labelledby="account-notifications-title">
          <h2 id="account-notifications-title">Notification settings</h2>
          <NotificationSettings userId={profile.id} />
        </Card>
        <Card as="section" aria-labelledby="account-privacy-title">
          <h2 id="account-privacy-title">Your data and privacy</h2>
          <PrivacySettings profile={profile} />
        </Card>
      </div>
    </div>
  );
}

/** `/profile`: the signed-in user's own profile and its edit form. */
export function ProfilePage() {
  usePageMeta(
    'My Profile',
    'Your Loadout profile: display name, bio, county and seller type shown to other airsofters.',
  );
  const { status } = useAccountSession();
  return (
    <div className="lo-container account-page">
      {status === 'loading' ? (
        <ProfileSkeleton />
      ) : status === 'signed-out' ? (
        <StartSignIn redirectTo="/profile" />
      ) : (
        <OwnProfileView />
      )}
    </div>
  );
}
