import { render, screen } from '@testing-library/react';
import { formatRating, StarRating } from './StarRating';

describe('StarRating', () => {
  it('reads the rating as a sentence and shows stars to the eye only', () => {
    const { container } = render(<StarRating value={4.33} count={3} />);
    expect(screen.getByText('Rated 4.33 out of 5')).toBeTruthy();
    expect(container.querySelector('.lo-stars__glyphs')?.textContent).toBe('★★★★☆');
    expect(container.querySelector('.lo-stars__glyphs')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toContain('(3 reviews)');
  });

  it('says "review" for one and shows whole stars', () => {
    const { container } = render(<StarRating value={2.4} count={1} />);
    expect(container.querySelector('.lo-stars__glyphs')?.textContent).toBe('★★☆☆☆');
    expect(container.textContent).toContain('(1 review)');
  });

  it('formats ratings and counts as en-IE Intl does, without building an Intl formatter', () => {
    const intlRating = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 2 });
    const values = [
      0,
      0.004,
      0.005,
      1,
      1.005,
      2.4,
      3.005,
      4.33,
      4.333,
      4.5,
      4.666,
      4.995,
      4.999,
      5,
      1 / 3,
      2 / 3,
    ];
    const spy = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (const value of values) expect(formatRating(value)).toBe(intlRating.format(value));
      const { container } = render(<StarRating value={4.7} count={1234} />);
      expect(container.textContent).toContain('(1,234 reviews)');
      expect(screen.getByText('Rated 4.7 out of 5')).toBeTruthy();
      // The first Intl formatter of a page loads ICU data: a long task on a slow phone (issue 12).
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
