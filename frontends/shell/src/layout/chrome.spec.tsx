import { createSession, MemoryRouter } from '@loadout/web';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FOOTER_LINKS } from '../legal/legal-content';
import { resetManifestCache } from '../remotes/remotes-manifest';
import { mockApi, renderWithProviders, signedInSession } from '../test-utils';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { MobileNav } from './MobileNav';

describe('Footer', () => {
  it('links every legal and information page', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const hrefs = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .sort();
    expect(hrefs).toEqual(
      [
        '/terms',
        '/privacy',
        '/escrow-terms',
        '/dispute-resolution',
        '/consumer-rights',
        '/accessibility',
        '/sitemap',
        '/how-it-works',
        '/cookies',
        '/trust-safety',
      ].sort(),
    );
    expect(FOOTER_LINKS).toHaveLength(10);
    expect(screen.getByText(/card payment provider/)).toHaveTextContent(
      /complies with GDPR and Irish consumer law/,
    );
    expect(screen.getByText(/platform only/)).toBeInTheDocument();
  });
});

describe('MobileNav', () => {
  beforeEach(() => resetManifestCache());

  it('has Home, Shop and Search', () => {
    renderWithProviders(<MobileNav />, { session: createSession('signed-out') });
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('adds Messages (with its badge) and Profile for signed-in users', async () => {
    mockApi({
      '/remotes.json': { remotes: { messaging: { entry: '/remotes/messaging/remoteEntry.js' } } },
      '/api/v1/conversations/unread-count': { count: 42 },
    });
    renderWithProviders(<MobileNav />, { session: signedInSession() });
    expect(await screen.findByRole('link', { name: 'Messages, 9+ unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('BackToTop', () => {
  const scrollTo = jest.fn();
  beforeEach(() => {
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { value: 0, writable: true, configurable: true });
  });

  const scrollToY = (y: number) =>
    act(() => {
      (window as { scrollY: number }).scrollY = y;
      fireEvent.scroll(window);
    });

  it('appears only after scrolling past 300 px and scrolls to the top', () => {
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollToY(300);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollToY(301);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
