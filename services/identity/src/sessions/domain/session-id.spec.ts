import { sessionIdOfGrant } from './session-id';

describe('sessionIdOfGrant', () => {
  it('is stable per grant, differs between grants, and does not reveal the grant id', () => {
    expect(sessionIdOfGrant('grant-1')).toBe(sessionIdOfGrant('grant-1'));
    expect(sessionIdOfGrant('grant-1')).not.toBe(sessionIdOfGrant('grant-2'));
    expect(sessionIdOfGrant('grant-1')).not.toContain('grant-1');
    expect(sessionIdOfGrant('grant-1')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
