import { changedFields, joulesFor, mergeInput, toFields, toListingInput } from './listing-fields';

const draft = toFields({ title: '  Tokyo Marui Hi-Capa 5.1  ' });

describe('listing fields', () => {
  it('trims text and leaves unset fields null', () => {
    expect(draft).toMatchObject({ title: 'Tokyo Marui Hi-Capa 5.1', description: null, fps: null });
    expect(draft.collection).toBe(false);
  });

  it('computes joules for replicas with the default BB weight when none is given', () => {
    const f = toFields({ title: 'Glock 17', category: 'pistols', fps: 328 });
    expect(f.bbWeightGrams).toBe(0.2);
    expect(f.joules).toBe(0.999);
    expect(joulesFor('optics', 328, 0.2)).toBeNull();
    expect(joulesFor('aeg_rifles', 350, 0.2)).toBe(1.138);
  });

  it('treats a draft without post or collection as having no delivery chosen', () => {
    expect(toListingInput(draft, 0).shipping).toBeUndefined();
    const withPost = toFields({ title: 'x', shipping: { postageCents: 800, collection: false } });
    expect(toListingInput(withPost, 2)).toMatchObject({
      shipping: { postageCents: 800, collection: false },
      imageIds: ['existing-0', 'existing-1'],
    });
  });

  it('merges only the fields a patch carries; null clears fps', () => {
    const base = toListingInput(toFields({ title: 'Glock 17', fps: 300, priceCents: 5000 }), 1);
    const merged = mergeInput(base, { priceCents: 4500, fps: null });
    expect(merged).toMatchObject({ title: 'Glock 17', priceCents: 4500, fps: null });
    expect(merged.imageIds).toHaveLength(1);
  });

  it('names the changed fields, shipping as one', () => {
    const before = toFields({
      title: 'A title',
      priceCents: 100,
      shipping: { postageCents: null, collection: true },
    });
    const after = toFields({
      title: 'A title',
      priceCents: 200,
      shipping: { postageCents: 500, collection: true },
    });
    expect(changedFields(before, after)).toEqual(['priceCents', 'shipping']);
    expect(changedFields(before, before)).toEqual([]);
  });
});
