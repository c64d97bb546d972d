import { type ListingInput } from '@loadout/contracts';
import { checkJoules, isJouleRefusal, validateListing } from './listing-validation';

const complete: ListingInput = {
  title: 'Tokyo Marui M4 MWS',
  description: 'Gas blowback rifle, two magazines, chrono 310 fps on 0.20 g.',
  category: 'gas_rifles',
  condition: 'good',
  priceCents: 45_000,
  county: 'Cork',
  shipping: { postageCents: 1200, collection: true },
  fps: 310,
  bbWeightGrams: 0.2,
  imageIds: ['a'.repeat(21)],
};

const fieldsOf = (input: ListingInput, forPublish = true) =>
  validateListing(input, { forPublish }).map((p) => p.field);

describe('the Irish 1 joule rule', () => {
  it('refuses 350 fps with 0.20 g BBs (1.14 J)', () => {
    expect(checkJoules(350, 0.2)).toEqual({ joules: 1.138, allowed: false });
    const problems = validateListing({ ...complete, fps: 350 }, { forPublish: true });
    expect(isJouleRefusal(problems)).toBe(true);
    expect(problems[0]?.messages[0]).toContain('1.14 J');
    expect(problems[0]?.messages[0]).toContain('Firearms Act 1925');
  });

  it('allows 328 fps with 0.20 g BBs (1.00 J)', () => {
    expect(checkJoules(328, 0.2)).toEqual({ joules: 0.999, allowed: true });
    expect(validateListing({ ...complete, fps: 328 }, { forPublish: true })).toEqual([]);
  });

  it('uses the declared BB weight: 300 fps is fine on 0.20 g but not on 0.30 g', () => {
    expect(checkJoules(300, 0.2).allowed).toBe(true);
    expect(checkJoules(300, 0.3).allowed).toBe(false);
  });

  it('requires a velocity for replicas but not for gear', () => {
    expect(fieldsOf({ ...complete, fps: null })).toEqual(['fps']);
    expect(fieldsOf({ ...complete, category: 'optics', fps: null, bbWeightGrams: null })).toEqual(
      [],
    );
  });

  it('assumes 0.20 g when no BB weight is declared', () => {
    expect(fieldsOf({ ...complete, fps: 350, bbWeightGrams: null })).toEqual(['fps']);
  });
});

describe('validateListing', () => {
  it('accepts a complete listing', () => {
    expect(validateListing(complete, { forPublish: true })).toEqual([]);
  });

  it('checks title and description lengths', () => {
    expect(fieldsOf({ ...complete, title: 'M4' })).toEqual(['title']);
    expect(fieldsOf({ ...complete, title: 'x'.repeat(81) })).toEqual(['title']);
    expect(fieldsOf({ ...complete, title: '  M4a  ' })).toEqual(['title']);
    expect(fieldsOf({ ...complete, description: 'too short' })).toEqual(['description']);
  });

  it('checks price range and whole cents', () => {
    expect(fieldsOf({ ...complete, priceCents: 99 })).toEqual(['priceCents']);
    expect(fieldsOf({ ...complete, priceCents: 2_000_001 })).toEqual(['priceCents']);
    expect(fieldsOf({ ...complete, priceCents: 10.5 })).toEqual(['priceCents']);
    expect(fieldsOf({ ...complete, priceCents: 100 })).toEqual([]);
  });

  it('checks category, condition and county against their lists', () => {
    const bad = { ...complete, category: 'tanks', condition: 'mint', county: 'Antrim' };
    expect(fieldsOf(bad as unknown as ListingInput)).toEqual(['category', 'condition', 'county']);
  });

  it('needs post or collection, and postage within range', () => {
    expect(fieldsOf({ ...complete, shipping: { postageCents: null, collection: false } })).toEqual([
      'shipping',
    ]);
    expect(
      fieldsOf({ ...complete, shipping: { postageCents: 10_001, collection: false } }),
    ).toEqual(['shipping.postageCents']);
    expect(fieldsOf({ ...complete, shipping: { postageCents: null, collection: true } })).toEqual(
      [],
    );
  });

  it('limits photos to 10, without duplicates, and needs one to publish', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `${i}`.padStart(21, 'x'));
    expect(fieldsOf({ ...complete, imageIds: ids })).toEqual(['imageIds']);
    expect(fieldsOf({ ...complete, imageIds: ['a', 'a'] })).toEqual(['imageIds']);
    expect(fieldsOf({ ...complete, imageIds: [] })).toEqual(['imageIds']);
    expect(fieldsOf({ ...complete, imageIds: [] }, false)).toEqual([]);
  });

  it('lets a draft leave everything but the title out', () => {
    expect(validateListing({ title: 'Spare magazines' }, { forPublish: false })).toEqual([]);
    expect(fieldsOf({}, false)).toEqual(['title']);
    expect(fieldsOf({ title: 'Spare magazines' }, true)).toEqual([
      'description',
      'category',
      'condition',
      'priceCents',
      'county',
      'shipping',
      'imageIds',
    ]);
  });
});
