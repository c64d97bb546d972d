import { type ListingDto } from '@loadout/contracts';
import { Badge, Card } from '@loadout/ui';
import { SELLER_TYPE_LABELS, Link } from '@loadout/web';
import { TEST_MODE_TEXT, money } from '../shared/order-format';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { ConsumerRightsNotice } from './ConsumerRightsNotice';

// What the buyer reads beside the checkout steps: the item, the seller (with the consumer
// rights notice for a private seller), how escrow protects them and the test-mode note.

export function ItemSummary({ listing }: { listing: ListingDto }) {
  const photo = listing.images[0];
  return (
    <Card as="section" className="or-item" aria-labelledby="or-item-title">
      {photo ? (
        <img
          className="or-item__photo"
          src={photo.thumbUrl}
          alt={listing.title}
          width={160}
          height={120}
        />
      ) : (
        <div className="or-item__photo or-item__photo--none" aria-hidden="true" />
      )}
      <div>
        <h2 id="or-item-title" className="or-item__title">
          <Link to={`/listing/${encodeURIComponent(listing.id)}`}>{listing.title}</Link>
        </h2>
        <p className="or-item__price">{money(listing.priceCents ?? 0)}</p>
      </div>
    </Card>
  );
}

export function SellerSummary({ listing }: { listing: ListingDto }) {
  const seller = listing.seller;
  const name = seller.displayName || seller.username;
  return (
    <Card as="section" className="or-seller" aria-labelledby="or-seller-title">
      <p className="lo-eyebrow">Seller</p>
      <h2 id="or-seller-title" className="or-seller__name">
        {name}
      </h2>
      <p className="or-seller__meta">
        <Badge tone={seller.sellerType === 'trader' ? 'info' : 'neutral'}>
          {SELLER_TYPE_LABELS[seller.sellerType]}
        </Badge>
        {seller.county ? <span>Co. {seller.county}</span> : null}
      </p>
      <ConsumerRightsNotice sellerType={seller.sellerType} />
    </Card>
  );
}

export function EscrowExplanation() {
  return (
    <section className="or-escrow" aria-labelledby="or-escrow-title">
      <h2 id="or-escrow-title">How escrow protects you</h2>
      <p>{CHECKOUT_TEXTS.escrow}</p>
      <p>
        <Link to="/escrow-terms">Read the escrow terms</Link>
      </p>
    </section>
  );
}

export function TestModeBanner() {
  return (
    <p className="or-test-mode" role="note">
      <strong>{TEST_MODE_TEXT}</strong>
      <span>Use card 4242 4242 4242 4242 with any future expiry date and any CVC.</span>
    </p>
  );
}
