/** `identity.user.registered.v1`: an account was created (not yet verified, not signed in). */
export interface UserRegisteredV1 {
  userId: string;
  email: string;
  username: string;
  fullName: string;
  sellerType: 'private' | 'trader';
}
