import { openTokenResponse, redemptionKey, sealTokenResponse } from './sealed-token-response';

describe('sealed token responses (refresh grace window)', () => {
  const answer = { access_token: 'at', refresh_token: 'rt-2', expires_in: 300 };

  it('opens with the redeemed token it was sealed for', () => {
    const sealed = sealTokenResponse('rt-1', answer);
    expect(openTokenResponse('rt-1', sealed)).toEqual(answer);
    expect(JSON.stringify(sealed)).not.toContain('rt-2');
  });

  it('does not open with another token, nor when altered', () => {
    const sealed = sealTokenResponse('rt-1', answer);
    expect(openTokenResponse('rt-other', sealed)).toBeNull();
    const flipped = Buffer.from(sealed.data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(
      openTokenResponse('rt-1', { ...sealed, data: flipped.toString('base64url') }),
    ).toBeNull();
  });

  it('keys the stored answer by a hash, not by the token', () => {
    expect(redemptionKey('rt-1')).toBe(redemptionKey('rt-1'));
    expect(redemptionKey('rt-1')).not.toContain('rt-1');
    expect(redemptionKey('rt-1')).not.toBe(redemptionKey('rt-2'));
  });
});
