import { type ModerationDecidedV1 } from '@loadout/contracts';
import { outcomeLine, statementEmail } from './moderation-emails';

const decided = (over: Partial<ModerationDecidedV1> = {}): ModerationDecidedV1 => ({
  caseId: 'c1',
  decisionId: 'd1',
  kind: 'decision',
  action: 'suspend_user',
  subjectType: 'profile',
  subjectId: 'scammer',
  affectedUserId: 'u1',
  statement: {
    facts: 'Payments taken outside checkout.',
    groundType: 'terms',
    ground: 'Terms of service: account suspension for fraud',
    automated: false,
    redress: 'You can appeal this decision once.',
  },
  reporters: [],
  decidedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

describe('the statement of a suspension (to the suspended user)', () => {
  it('says until when in Irish time, with the statement of reasons', () => {
    const mail = statementEmail({
      displayName: 'Sam',
      event: decided({ suspension: { duration: '7d', until: '2026-12-04T10:00:00.000Z' } }),
      publicUrl: 'http://localhost:8080',
    });
    expect(mail.subject).toBe('Your account was suspended (Loadout)');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Your account is suspended until 4 December 2026 at 10:00.');
      expect(body).toContain('Payments taken outside checkout.');
    }
  });

  it('says when it is permanent, and tells reporters what was done', () => {
    const mail = statementEmail({
      displayName: null,
      event: decided({ suspension: { duration: 'permanent', until: null } }),
      publicUrl: 'http://localhost:8080',
    });
    expect(mail.text).toContain('Your account is suspended permanently.');
    expect(outcomeLine('suspend_user')).toBe('We suspended the user’s account.');
  });
});
