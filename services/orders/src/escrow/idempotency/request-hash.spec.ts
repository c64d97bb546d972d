import { canonicalJson, requestHash } from './request-hash';

describe('request hash of an idempotent request', () => {
  it('is the same for the same body in any field order, at any depth', () => {
    expect(requestHash({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      requestHash({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
    expect(canonicalJson({ b: 1, a: undefined, c: null })).toBe('{"b":1,"c":null}');
  });

  it('differs for another value, another card, or no body against an empty one', () => {
    expect(requestHash({ reason: 'first' })).not.toBe(requestHash({ reason: 'second different' }));
    expect(requestHash({ card: { cardNumber: '4242' } })).not.toBe(
      requestHash({ card: { cardNumber: '0002' } }),
    );
    expect(requestHash(undefined)).not.toBe(requestHash({}));
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
  });
});
