import {
  CachedSessionCheck,
  sessionStillOpen,
  type SessionState,
  type SessionStateSource,
} from './session-check';

const open: SessionState = { notBefore: null, endedSessions: [] };

describe('sessionStillOpen', () => {
  it('refuses a token of an ended session and accepts the others of the account', () => {
    const state = { notBefore: null, endedSessions: ['s-ended'] };
    expect(sessionStillOpen(state, { sub: 'u', sid: 's-ended', iat: 100 })).toBe(false);
    expect(sessionStillOpen(state, { sub: 'u', sid: 's-other', iat: 100 })).toBe(true);
  });

  it('refuses tokens issued before not-before, with or without sid', () => {
    const state = { notBefore: 1_000, endedSessions: [] };
    expect(sessionStillOpen(state, { sub: 'u', sid: 's', iat: 999 })).toBe(false);
    expect(sessionStillOpen(state, { sub: 'u', iat: 999 })).toBe(false);
    expect(sessionStillOpen(state, { sub: 'u', iat: 1_000 })).toBe(true);
    // A token without iat is as old as can be.
    expect(sessionStillOpen(state, { sub: 'u' })).toBe(false);
    expect(sessionStillOpen(open, { sub: 'u' })).toBe(true);
  });
});

describe('CachedSessionCheck', () => {
  function setup(ttlMs = 5_000, maxEntries = 100) {
    let now = 0;
    const calls: string[] = [];
    const states = new Map<string, SessionState>();
    let failing = false;
    const errors: unknown[] = [];
    const source: SessionStateSource = {
      async stateOf(userId) {
        calls.push(userId);
        if (failing) throw new Error('identity is down');
        return states.get(userId) ?? open;
      },
    };
    const check = new CachedSessionCheck(source, {
      ttlMs,
      maxEntries,
      now: () => now,
      onSourceError: (err) => errors.push(err),
    });
    return {
      check,
      calls,
      states,
      errors,
      advance: (ms: number) => (now += ms),
      fail: (value: boolean) => (failing = value),
    };
  }

  it('asks the source once per account per ttl, and sees an ending after the ttl', async () => {
    const s = setup();
    expect(await s.check.isOpen({ sub: 'u1', sid: 'a' })).toBe(true);
    s.states.set('u1', { notBefore: null, endedSessions: ['a'] });
    s.advance(4_999);
    expect(await s.check.isOpen({ sub: 'u1', sid: 'a' })).toBe(true);
    expect(s.calls).toEqual(['u1']);
    s.advance(1);
    expect(await s.check.isOpen({ sub: 'u1', sid: 'a' })).toBe(false);
    expect(s.calls).toEqual(['u1', 'u1']);
  });

  it('shares one lookup among concurrent checks of an account', async () => {
    const s = setup();
    await Promise.all(Array.from({ length: 20 }, () => s.check.isOpen({ sub: 'u1' })));
    expect(s.calls).toEqual(['u1']);
  });

  it('keeps using the last known state when the source fails, and lets tokens pass with none', async () => {
    const s = setup();
    s.states.set('u1', { notBefore: null, endedSessions: ['a'] });
    expect(await s.check.isOpen({ sub: 'u1', sid: 'a' })).toBe(false);
    s.fail(true);
    s.advance(60_000);
    expect(await s.check.isOpen({ sub: 'u1', sid: 'a' })).toBe(false);
    expect(await s.check.isOpen({ sub: 'u2', sid: 'a' })).toBe(true);
    expect(s.errors).toHaveLength(2);
  });

  it('forgets the least recently fetched account beyond maxEntries', async () => {
    const s = setup(5_000, 2);
    for (const sub of ['u1', 'u2', 'u3']) await s.check.isOpen({ sub });
    await s.check.isOpen({ sub: 'u3' });
    await s.check.isOpen({ sub: 'u2' });
    expect(s.calls).toEqual(['u1', 'u2', 'u3']);
    await s.check.isOpen({ sub: 'u1' });
    expect(s.calls).toEqual(['u1', 'u2', 'u3', 'u1']);
  });
});
