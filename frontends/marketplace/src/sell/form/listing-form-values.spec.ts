import { jouleLimitMessage } from '@loadout/listing-rules';
import { jouleReadout } from './joules';
import {
  buildListingInput,
  centsToEuroText,
  emptyValues,
  type ListingFormValues,
  parseEuro,
  PRICE_MESSAGES,
  validateForm,
} from './listing-form-values';

const complete: ListingFormValues = {
  ...emptyValues(),
  title: 'Tokyo Marui M4 MWS',
  description: 'Gas blowback rifle with two magazines.',
  category: 'gas_rifles',
  condition: 'good',
  price: '450',
  county: 'Cork',
  post: true,
  postage: '12',
  collection: true,
  fps: '310',
};

describe('parseEuro', () => {
  it('reads euro amounts as integer cents', () => {
    expect(parseEuro('45')).toEqual({ ok: true, value: 4500 });
    expect(parseEuro('45.5')).toEqual({ ok: true, value: 4550 });
    expect(parseEuro('45.50')).toEqual({ ok: true, value: 4550 });
    expect(parseEuro(' €0.99 ')).toEqual({ ok: true, value: 99 });
    expect(parseEuro('1,250.05')).toEqual({ ok: true, value: 125005 });
    expect(parseEuro('')).toEqual({ ok: true, value: undefined });
  });

  it('refuses more than 2 decimals instead of rounding', () => {
    expect(parseEuro('45.505')).toEqual({ ok: false, message: PRICE_MESSAGES.decimals });
  });

  it('refuses text that is not an amount', () => {
    expect(parseEuro('forty')).toEqual({ ok: false, message: PRICE_MESSAGES.format });
    expect(parseEuro('-5')).toEqual({ ok: false, message: PRICE_MESSAGES.format });
    expect(parseEuro('45,50')).toEqual({ ok: false, message: PRICE_MESSAGES.format });
  });

  it('shows cents back as the euro text', () => {
    expect(centsToEuroText(4500)).toBe('45');
    expect(centsToEuroText(4550)).toBe('45.50');
    expect(centsToEuroText(null)).toBe('');
  });
});

describe('buildListingInput', () => {
  it('builds the publish input with cents, shipping, power and photos in order', () => {
    const { input, parseErrors } = buildListingInput(complete, ['b', 'a'], 'publish');
    expect(parseErrors).toEqual({});
    expect(input).toEqual({
      title: 'Tokyo Marui M4 MWS',
      description: 'Gas blowback rifle with two magazines.',
      category: 'gas_rifles',
      condition: 'good',
      priceCents: 45_000,
      county: 'Cork',
      shipping: { postageCents: 1200, collection: true },
      fps: 310,
      bbWeightGrams: 0.2,
      imageIds: ['b', 'a'],
    });
  });

  it('leaves empty fields out of a draft', () => {
    const values = { ...emptyValues(), title: '  Spare magazines ' };
    expect(buildListingInput(values, [], 'draft').input).toEqual({
      title: 'Spare magazines',
      imageIds: [],
    });
  });

  it('clears the power fields for gear', () => {
    const { input } = buildListingInput({ ...complete, category: 'optics' }, [], 'draft');
    expect(input).toMatchObject({ fps: null, bbWeightGrams: null });
  });

  it('names unreadable numbers', () => {
    const values = { ...complete, price: '45.505', postage: '', fps: 'fast' };
    expect(buildListingInput(values, [], 'publish').parseErrors).toEqual({
      price: PRICE_MESSAGES.decimals,
      postage: PRICE_MESSAGES.postageRequired,
      fps: PRICE_MESSAGES.fps,
    });
  });
});

describe('validateForm', () => {
  it('puts the rules’ messages on the form fields', () => {
    const { errors } = validateForm(
      { ...complete, title: 'M4', post: false, collection: false, fps: '350' },
      [],
      'publish',
    );
    expect(errors).toEqual({
      title: 'Title must be 5 to 80 characters.',
      delivery: 'Offer tracked post, collection in person, or both.',
      fps: jouleLimitMessage(1.138),
      photos: 'Add at least one photo to publish.',
    });
  });

  it('drops "Offer tracked post, collection in person, or both" once an option is ticked', () => {
    const none = { ...complete, post: false, postage: '', collection: false };
    expect(validateForm(none, ['img1'], 'publish').errors.delivery).toBe(
      'Offer tracked post, collection in person, or both.',
    );
    // Post ticked, postage not yet typed: the postage field asks for it, not the delivery hint.
    expect(validateForm({ ...none, post: true }, ['img1'], 'publish').errors).toEqual({
      postage: 'Enter the postage price, or untick tracked post.',
    });
    expect(validateForm({ ...none, collection: true }, ['img1'], 'publish').errors).toEqual({});
  });

  it('needs only a title for a draft', () => {
    expect(validateForm({ ...emptyValues(), title: 'Spare mags' }, [], 'draft').errors).toEqual({});
    expect(validateForm(emptyValues(), [], 'draft').errors).toEqual({
      title: 'Title is required.',
    });
  });
});

describe('jouleReadout', () => {
  it('computes the muzzle energy of a replica as typed', () => {
    expect(jouleReadout({ ...complete, fps: '350' })).toEqual({ joules: 1.138, allowed: false });
    expect(jouleReadout({ ...complete, fps: '328' })).toEqual({ joules: 0.999, allowed: true });
    expect(jouleReadout({ ...complete, fps: '300', bbWeight: '' })?.allowed).toBe(true);
    expect(jouleReadout({ ...complete, fps: '300', bbWeight: '0.30' })?.allowed).toBe(false);
  });

  it('says nothing for gear or unreadable input', () => {
    expect(jouleReadout({ ...complete, category: 'optics' })).toBeNull();
    expect(jouleReadout({ ...complete, fps: '' })).toBeNull();
    expect(jouleReadout({ ...complete, bbWeight: '2' })).toBeNull();
  });
});
