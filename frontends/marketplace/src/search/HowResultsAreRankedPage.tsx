import { usePageMeta, Link } from '@loadout/web';

/** `/marketplace/how-results-are-ranked`: the ranking explanation linked from search results. */
export function HowResultsAreRankedPage() {
  usePageMeta(
    'How results are ranked',
    'How Loadout orders marketplace search results and chooses featured listings. No seller can pay for a higher place.',
  );
  return (
    <div className="lo-container mp-page mp-prose">
      <nav aria-label="Breadcrumb" className="mp-breadcrumb">
        <Link to="/marketplace">← Back to the marketplace</Link>
      </nav>
      <h1>How results are ranked</h1>
      <p>
        Loadout orders search results by the rules below, the same for every seller. This page
        explains the main parameters, as EU law asks of online marketplaces.
      </p>

      <h2>When you search</h2>
      <p>
        A listing matches when it has every word you typed, in its title, description or category.
        Words you are still typing match the start of title words (&ldquo;hica&rdquo; finds
        &ldquo;Hi-Capa&rdquo;), and Loadout knows common airsoft names: brand short forms
        (&ldquo;TM&rdquo; is Tokyo Marui, &ldquo;GG&rdquo; is G&amp;G), model spellings (&ldquo;mk
        18&rdquo; and &ldquo;MK18&rdquo;, &ldquo;hi capa&rdquo; and &ldquo;Hi-Capa&rdquo;) and
        category words (&ldquo;AEG&rdquo;, &ldquo;GBB&rdquo;, &ldquo;handgun&rdquo;). A word that
        matches no title word is read as a <strong>small typo</strong> of the closest one
        (&ldquo;glok&rdquo; for &ldquo;Glock&rdquo;).
      </p>
      <p>
        With <strong>Best match</strong> (the default when you type a search), results are ranked by
        how well they match your words:
      </p>
      <ul>
        <li>
          listings whose <strong>title</strong> has every word you typed, whole, come first
          (&ldquo;m4&rdquo; puts an M4A1 above an M40A5);
        </li>
        <li>
          then by how well they match: words in a listing&apos;s <strong>title</strong> count more
          than words in its <strong>description</strong>, which count more than its category;
        </li>
        <li>listings that match equally well are shown newest first.</li>
      </ul>

      <h2>When you browse or choose a sort</h2>
      <p>
        Without a search, results are shown <strong>newest first</strong> (by when the listing was
        published). You can instead sort by <strong>price, low to high</strong> or{' '}
        <strong>price, high to low</strong>. Filters (category, condition, county, price, delivery)
        only narrow the results; they do not change the order.
      </p>

      <h2>Featured listings on the home page</h2>
      <p>
        Up to six listings are featured on the home page. Listings chosen by Loadout&apos;s admins
        come first; the rest are the newest active listings that have photos.
      </p>

      <h2>No paid placement</h2>
      <p>
        Sellers cannot pay to appear higher in results or to be featured. The seller&apos;s type
        (private seller or trader) does not affect the order.
      </p>
    </div>
  );
}
