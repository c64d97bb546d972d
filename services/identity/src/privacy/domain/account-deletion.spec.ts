import {
  confirmsUsername,
  DELETED_USER_NAME,
  deletionBlocked,
  erasedAccountFields,
} from './account-deletion';

describe('account deletion rules', () => {
  it('erases every personal field and keeps placeholders that cannot collide', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const f = erasedAccountFields('AbC_12-xyz', now);
    expect(f).toMatchObject({
      email: 'deleted-AbC12xyz@deleted.invalid',
      username: 'deleted~AbC12xyz',
      displayName: DELETED_USER_NAME,
      fullName: '',
      bio: '',
      location: '',
      county: null,
      avatarUrl: null,
      dateOfBirth: null,
      passwordHash: null,
      deletedAt: now,
    });
    // Usernames are at most 30 characters (21-character ids and 36-character Keycloak UUIDs).
    expect(erasedAccountFields('a'.repeat(36), now).username.length).toBeLessThanOrEqual(30);
  });

  it('takes the username again without case or outer spaces, nothing else', () => {
    expect(confirmsUsername('  Sniper_Joe ', 'sniper_joe')).toBe(true);
    expect(confirmsUsername('sniper_jo', 'sniper_joe')).toBe(false);
    expect(confirmsUsername('', 'sniper_joe')).toBe(false);
  });

  it('names the most serious blocker in the code and lists them all', () => {
    expect(deletionBlocked([])).toBeNull();
    const offer = { reason: 'open_offer', orderId: null, offerId: 'f', status: 'open' } as const;
    const dispute = {
      reason: 'open_dispute',
      orderId: 'o',
      offerId: null,
      status: 'disputed',
    } as const;
    const err = deletionBlocked([offer, dispute])!;
    expect(err.code).toBe('IDENTITY.DELETION_BLOCKED_OPEN_DISPUTE');
    expect(err.status).toBe(409);
    expect(err.details).toEqual({ blockers: [offer, dispute] });
    expect(deletionBlocked([offer])!.code).toBe('IDENTITY.DELETION_BLOCKED_OPEN_OFFER');
    expect(
      deletionBlocked([{ reason: 'payment_pending', orderId: 'o', offerId: null, status: 'x' }])!
        .code,
    ).toBe('IDENTITY.DELETION_BLOCKED_MONEY_HELD');
  });
});
