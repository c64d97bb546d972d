import { checkUsername } from './username-rule';
import { MAX_SKELETON_LENGTH, usernameSkeleton } from './username-skeleton';

describe('username skeleton (UTS #39, ADR 0020)', () => {
  const same = (a: string, b: string) => expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  const differ = (a: string, b: string) =>
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));

  it('folds case, full stops and underscores: demo.buyer and demo_buyer. look like demo_buyer', () => {
    same('demo.buyer', 'demo_buyer');
    same('demo_buyer.', 'demo_buyer');
    same('Demo_Buyer', 'demobuyer');
    same('_.d.e.m.o_', 'demo');
  });

  it('maps the confusables of the alphabet: 0 as o, 1 as l, m as rn', () => {
    same('sh00ter', 'shooter');
    same('sn1per', 'snlper');
    same('modern', 'rnodern');
    same('m0d_1', 'rnodl');
    expect(usernameSkeleton('demo_buyer')).toBe('dernobuyer');
  });

  it('keeps apart what people do not confuse', () => {
    differ('sniper', 'snlper');
    differ('s5', 'ss');
    differ('b8', 'bb');
    differ('vvolf', 'wolf');
    differ('clean', 'dean');
    differ('demo_buyer', 'demo_buyers');
  });

  it('fits its column for the longest valid username', () => {
    const longest = checkUsername('m'.repeat(30));
    expect(longest.ok).toBe(true);
    expect(usernameSkeleton('m'.repeat(30))).toHaveLength(MAX_SKELETON_LENGTH);
  });
});
