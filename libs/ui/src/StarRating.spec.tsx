import { render, screen } from '@testing-library/react';
import { StarRating } from './StarRating';

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
});
