import { usePageMeta, Link } from '@loadout/web';
import { LEGAL_PAGES, LEGAL_UPDATED, type LegalPageContent } from './legal-content';

export function LegalPage({ page }: { page: LegalPageContent }) {
  usePageMeta(page.title, page.description);
  return (
    <article className="lo-container shell-page legal-page">
      <h1>{page.title}</h1>
      <p className="legal-page__intro">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.list ? (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <p className="legal-page__updated">Last updated {LEGAL_UPDATED}.</p>
    </article>
  );
}

const SITE_SECTIONS: ReadonlyArray<{ heading: string; links: ReadonlyArray<[string, string]> }> = [
  {
    heading: 'Browse',
    links: [
      ['/', 'Home page'],
      ['/marketplace', 'Browse listings'],
      ['/search', 'Search page'],
      ['/fields', 'Playing fields'],
      ['/fps-calculator', 'FPS and joules calculator'],
      ['/fps-calculator#education', 'The 1 joule rule explained'],
    ],
  },
  {
    heading: 'Your account',
    links: [
      ['/auth', 'Sign in to your account'],
      ['/auth?tab=signup', 'Create an account'],
      ['/sell', 'Sell an item'],
      ['/profile', 'My Profile'],
      ['/buyer-dashboard', 'My Purchases'],
      ['/seller-dashboard', 'My Sales'],
      ['/messages', 'Messages'],
      ['/offers', 'Offers'],
      ['/favorites', 'Favourites'],
      ['/disputes', 'Disputes'],
    ],
  },
];

export function SitemapPage() {
  usePageMeta('Sitemap', 'Every page on Loadout, the Irish airsoft marketplace.');
  return (
    <article className="lo-container shell-page legal-page">
      <h1>Sitemap</h1>
      {SITE_SECTIONS.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <ul>
            {section.links.map(([to, text]) => (
              <li key={to}>
                <Link to={to}>{text}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section>
        <h2>Legal and information</h2>
        <ul>
          {LEGAL_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
