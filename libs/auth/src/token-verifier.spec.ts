import { bearerToken } from './token-verifier';

describe('bearerToken', () => {
  it('extracts the token from a Bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer  xyz')).toBe('xyz');
  });
  it('ignores other schemes and empty headers', () => {
    expect(bearerToken('Basic dXNlcg==')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
  });
});
