import {
  DEFAULT_DEADLINE_RULES,
  jobsOnCreate,
  jobsOnPaid,
  jobsOnShipped,
  type DeadlineRules,
} from './deadlines';

const at = new Date('2026-11-23T10:00:00.000Z');

describe('deadline rules', () => {
  it('expires an unpaid order after 30 minutes', () => {
    expect(jobsOnCreate(at, DEFAULT_DEADLINE_RULES)).toEqual([
      { kind: 'expire_unpaid', dueAt: new Date('2026-11-23T10:30:00.000Z') },
    ]);
  });

  it('wants it shipped within 7 days of payment', () => {
    expect(jobsOnPaid(at, DEFAULT_DEADLINE_RULES)).toEqual([
      { kind: 'ship_by', dueAt: new Date('2026-11-30T10:00:00.000Z') },
    ]);
  });

  it('reminds on day 7 and 12 and releases on day 14 after shipping', () => {
    expect(jobsOnShipped(at, DEFAULT_DEADLINE_RULES)).toEqual([
      { kind: 'release_reminder', dueAt: new Date('2026-11-30T10:00:00.000Z'), day: 7 },
      { kind: 'release_reminder', dueAt: new Date('2026-12-05T10:00:00.000Z'), day: 12 },
      { kind: 'auto_release', dueAt: new Date('2026-12-07T10:00:00.000Z') },
    ]);
  });

  it('follows shortened rules and drops reminders that would come after the release', () => {
    const rules: DeadlineRules = {
      payWithinMs: 1_000,
      shipWithinMs: 2_000,
      autoReleaseAfterMs: 3_000,
      reminderAfterMs: [1_000, 5_000],
    };
    expect(jobsOnCreate(at, rules)[0]!.dueAt.getTime() - at.getTime()).toBe(1_000);
    const shipped = jobsOnShipped(at, rules);
    expect(shipped.map((j) => j.kind)).toEqual(['release_reminder', 'auto_release']);
    expect(shipped[1]!.dueAt.getTime() - at.getTime()).toBe(3_000);
  });
});
