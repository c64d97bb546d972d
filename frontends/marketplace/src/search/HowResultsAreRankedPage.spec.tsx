import { screen } from '@testing-library/react';
import { mockApi, renderRoutes } from '../test-utils';

describe('HowResultsAreRankedPage', () => {
  it('explains relevance, sorting, featured listings and that placement is not sold', () => {
    mockApi({});
    renderRoutes('/marketplace/how-results-are-ranked');
    expect(
      screen.getByRole('heading', { level: 1, name: 'How results are ranked' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No paid placement' })).toBeInTheDocument();
    expect(screen.getByText(/small typo/)).toBeInTheDocument();
    expect(screen.getByText(/puts an M4A1 above an M40A5/)).toBeInTheDocument();
    expect(screen.getByText(/is Tokyo Marui/)).toBeInTheDocument();
    expect(screen.getByText(/chosen by Loadout's admins come first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the marketplace/ })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });
});
