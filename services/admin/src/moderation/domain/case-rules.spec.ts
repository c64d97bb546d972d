import {
  suspensionRefusal,
  actionRefusal,
  appealDecisionRefusal,
  appealRefusal,
  decideRefusal,
  redressText,
  reportReference,
  type CaseFacts,
} from './case-rules';

const decided: CaseFacts = {
  status: 'decided',
  subjectType: 'listing',
  affectedUserId: 'seller-1',
  decidedBy: 'admin-1',
  decisionAction: 'remove_listing',
  hasAppeal: false,
};

describe('moderation case rules', () => {
  it('fits actions to subjects', () => {
    expect(actionRefusal('remove_listing', 'listing')).toBeNull();
    expect(actionRefusal('remove_listing', 'message')?.code).toBe('ADMIN.ACTION_NOT_APPLICABLE');
    expect(actionRefusal('hide_message', 'listing')?.code).toBe('ADMIN.ACTION_NOT_APPLICABLE');
    expect(actionRefusal('warn_user', 'profile')).toBeNull();
  });

  it('decides an open case once', () => {
    expect(decideRefusal({ ...decided, status: 'open' })).toBeNull();
    expect(decideRefusal(decided)?.code).toBe('ADMIN.CASE_ALREADY_DECIDED');
  });

  it('lets only the affected user appeal a restriction, once', () => {
    expect(appealRefusal(decided, 'seller-1')).toBeNull();
    expect(appealRefusal(decided, 'someone')?.code).toBe('ADMIN.NOT_AFFECTED');
    expect(appealRefusal({ ...decided, hasAppeal: true }, 'seller-1')?.code).toBe(
      'ADMIN.ALREADY_APPEALED',
    );
    expect(appealRefusal({ ...decided, status: 'appealed' }, 'seller-1')?.code).toBe(
      'ADMIN.ALREADY_APPEALED',
    );
    expect(appealRefusal({ ...decided, decisionAction: 'dismiss' }, 'seller-1')?.code).toBe(
      'ADMIN.NOTHING_TO_APPEAL',
    );
  });

  it('has a different admin decide the appeal', () => {
    const appealed = { ...decided, status: 'appealed' as const, hasAppeal: true };
    expect(appealDecisionRefusal(appealed, 'admin-2')).toBeNull();
    expect(appealDecisionRefusal(appealed, 'admin-1')?.code).toBe('ADMIN.SAME_DECIDER');
    expect(appealDecisionRefusal(decided, 'admin-2')?.code).toBe('ADMIN.NO_OPEN_APPEAL');
  });

  it('tells how to appeal a restriction and that an appeal decision is final', () => {
    expect(redressText('decision', 'remove_listing')).toContain('appeal this decision once');
    expect(redressText('appeal', 'upheld')).toContain('final on Loadout');
  });

  it('makes references without look-alike characters', () => {
    expect(reportReference(() => [0, 1, 2, 3, 4, 5, 6, 31])).toBe('R-ABCDEFG9');
    expect(reportReference((n) => Array.from({ length: n }, () => 255))).toMatch(/^R-[A-Z2-9]{8}$/);
  });
});

describe('suspension length', () => {
  it('is required to suspend and refused with any other action', () => {
    expect(suspensionRefusal('suspend_user', undefined)?.code).toBe('ADMIN.SUSPENSION_REQUIRED');
    expect(suspensionRefusal('suspend_user', '7d')).toBeNull();
    expect(suspensionRefusal('warn_user', '30d')?.code).toBe('ADMIN.ACTION_NOT_APPLICABLE');
    expect(suspensionRefusal('dismiss', undefined)).toBeNull();
  });
});
