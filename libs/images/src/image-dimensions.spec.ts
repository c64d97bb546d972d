import { IMAGE_MAX_ASPECT_RATIO, IMAGE_MAX_SIDE, judgeDimensions } from './image-dimensions';

describe('judgeDimensions', () => {
  it('takes ordinary photos, up to 12,000 px a side and 20:1', () => {
    expect(judgeDimensions(4032, 3024)).toBe('ok');
    expect(judgeDimensions(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE / IMAGE_MAX_ASPECT_RATIO)).toBe('ok');
    expect(judgeDimensions(1, 1)).toBe('ok');
  });

  it('refuses a strip of 1 × 49,000,000 px, though it is under 50 megapixels', () => {
    expect(judgeDimensions(1, 49_000_000)).toBe('bad_dimensions');
    expect(judgeDimensions(49_000_000, 1)).toBe('bad_dimensions');
  });

  it('refuses a side above 12,000 px and a shape longer than 20:1', () => {
    expect(judgeDimensions(IMAGE_MAX_SIDE + 1, 8000)).toBe('bad_dimensions');
    expect(judgeDimensions(2100, 100)).toBe('bad_dimensions');
  });

  it('refuses more than 50 megapixels within the side limit', () => {
    expect(judgeDimensions(12_000, 5_000)).toBe('too_many_pixels');
  });

  it('refuses sizes that are not positive whole numbers', () => {
    expect(judgeDimensions(0, 10)).toBe('bad_dimensions');
    expect(judgeDimensions(Number.NaN, 10)).toBe('bad_dimensions');
  });
});
