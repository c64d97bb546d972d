/** `identity.user.profile_updated.v1`: public profile fields after the change. */
export interface UserProfileUpdatedV1 {
  userId: string;
  username: string;
  displayName: string;
  county: string | null;
  sellerType: 'private' | 'trader';
  avatarUrl: string | null;
}
