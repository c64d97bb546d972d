import { type SellerType } from '@loadout/contracts';
import { Link } from '@loadout/web';

/**
 * Consumer Rights Act 2022 (s.107): before a buyer pays a private seller, say that the rights
 * against traders do not apply and what Loadout itself is responsible for.
 */
export function ConsumerRightsNotice({ sellerType }: { sellerType: SellerType }) {
  if (sellerType === 'trader') {
    return (
      <p className="or-note">
        This seller is a trader: your EU consumer rights against traders (Consumer Rights Act 2022)
        apply to this sale. <Link to="/consumer-rights">Your consumer rights</Link>
      </p>
    );
  }
  return (
    <section className="or-notice" aria-labelledby="or-rights-title">
      <h3 id="or-rights-title">Buying from a private seller</h3>
      <p>
        This seller is a private individual, not a trader. The EU consumer rights you have against
        traders under the Consumer Rights Act 2022 — such as the right to cancel a distance sale or
        to a repair, replacement or refund for faulty goods — do not apply to a sale between private
        individuals.
      </p>
      <p>Loadout is responsible for:</p>
      <ul>
        <li>
          holding your payment in escrow and releasing it to the seller only when you confirm
          delivery, or automatically 14 days after shipping if you neither confirm nor open a
          dispute;
        </li>
        <li>
          refunding you in full if the seller does not ship in time or the order is cancelled before
          shipping;
        </li>
        <li>handling disputes between you and the seller.</li>
      </ul>
      <p>
        Loadout does not own, sell or warrant the item.{' '}
        <Link to="/consumer-rights">Consumer rights on Loadout</Link>
      </p>
    </section>
  );
}
