import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@loadout/web';
import { NotFoundPage } from './NotFoundPage';

describe('NotFoundPage', () => {
  it('shows the seed text and the three ways out', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(
      screen.getByText('The page you are looking for could not be found.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
