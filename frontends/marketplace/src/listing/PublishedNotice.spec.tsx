import { type ListingStatus } from '@loadout/contracts';
import { MemoryRouter } from '@loadout/web';
import { render, screen } from '@testing-library/react';
import { buildListing } from '../test-utils';
import { PublishedNotice } from './PublishedNotice';

function renderNotice(
  state: unknown,
  { isOwner = true, status = 'active' }: { isOwner?: boolean; status?: ListingStatus } = {},
) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/listing/abc', state }]}>
      <PublishedNotice listing={buildListing({ id: 'abc', status })} isOwner={isOwner} />
    </MemoryRouter>,
  );
}

describe('PublishedNotice', () => {
  it('tells the seller who just published that the listing is live', () => {
    renderNotice({ published: true });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your listing is live. Buyers can find it in the marketplace now.',
    );
    expect(screen.getByRole('link', { name: 'Sell another item' })).toHaveAttribute(
      'href',
      '/sell',
    );
  });

  it('says nothing on a plain visit, to anyone else, or once the listing is not for sale', () => {
    for (const [state, options] of [
      [null, {}],
      [{ published: true }, { isOwner: false }],
      [{ published: true }, { status: 'sold' as const }],
    ] as const) {
      const { container, unmount } = renderNotice(state, options);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
