/** `identity.user.role_changed.v1`: a role was granted or revoked (the admin bootstrap command or an admin). */
export interface UserRoleChangedV1 {
  userId: string;
  role: 'user' | 'admin';
  previousRole: 'user' | 'admin';
  /** Why, when an admin changed it in the admin area (the bootstrap command gives none). */
  reason?: string | null;
}
