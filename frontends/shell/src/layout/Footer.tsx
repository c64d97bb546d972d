import { Link } from '@loadout/web';
import { FOOTER_LINKS } from '../legal/legal-content';

export function Footer() {
  return (
    <footer className="shell-footer">
      <div className="lo-container">
        <nav aria-label="Legal and information" className="shell-footer__nav">
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.text}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          Card payments are processed securely by our card payment provider; Loadout never sees your
          card details. Loadout complies with GDPR and Irish consumer law.
        </p>
        <p className="shell-footer__disclaimer">
          Loadout is a platform only: it does not own, sell or warrant any item listed on the site.
          Each sale is between the buyer and the seller. For adults aged 18 and over.
        </p>
        <p className="shell-footer__copy">
          © {new Date().getFullYear()} Loadout · loadout.ie — Ireland&apos;s airsoft marketplace
        </p>
      </div>
    </footer>
  );
}
