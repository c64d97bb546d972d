/** `identity.user.role_changed.v1`: a role was granted or revoked (e.g. by the admin bootstrap command). */
export interface UserRoleChangedV1 {
  userId: string;
  role: 'user' | 'admin';
  previousRole: 'user' | 'admin';
}
