import {
  type DeliveryOption,
  LISTING_LIMITS,
  type ListingInput,
  type ListingStatus,
} from '@loadout/contracts';
import { validateListing } from '@loadout/listing-rules';
import {
  deliveryUnavailable,
  listingNotFound,
  listingProblemsError,
  notAvailable,
  notEditable,
  ownListing,
  reasonRequired,
} from './listing.errors';
import {
  changedFields,
  mergeInput,
  toFields,
  toListingInput,
  type ListingFields,
} from './listing-fields';
import {
  decideReservation,
  isEditable,
  isPubliclyVisible,
  type ReservationCommand,
} from './listing-status';

export type ReservationState = 'checkout' | 'paid';

export interface ListingProps extends ListingFields {
  id: string;
  sellerId: string;
  status: ListingStatus;
  thumbUrl: string | null;
  imageCount: number;
  favoriteCount: number;
  featuredAt: Date | null;
  removedBy: 'owner' | 'moderator' | null;
  removalReason: string | null;
  reservedOrderId: string | null;
  /** What holds a reservation; null when not reserved (or reserved before it was recorded). */
  reservationState: ReservationState | null;
  soldOrderId: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Bumped on every change by the owner or an admin (optimistic concurrency). */
  version: number;
}

/** An event to append with the change; the repository builds its payload from the listing. */
export type ListingEvent =
  | { type: 'listings.listing.published.v1' }
  | { type: 'listings.listing.updated.v1'; changed: string[] }
  | { type: 'listings.listing.removed.v1' }
  | {
      type:
        | 'listings.listing.reserved.v1'
        | 'listings.listing.released.v1'
        | 'listings.listing.sold.v1';
      orderId: string;
    };

export interface ListingChange {
  listing: Listing;
  events: ListingEvent[];
  /** Whether what others see changed (cached public reads are retired after commit). */
  publicChange: boolean;
}

/** The photos of a listing after they were attached (the images module decides which). */
export interface ListingPhotos {
  thumbUrl: string | null;
  count: number;
  /** The ids in display order differ from before. */
  reordered: boolean;
}

export interface NewListing {
  id: string;
  sellerId: string;
  input: ListingInput;
  publish: boolean;
}

/** Who asks for a change, as far as the listing cares. */
export interface ListingActor {
  userId: string;
  admin: boolean;
}

/** An order command's answer: the terms under the lock, and whether anything changed. */
export interface ReservationChange {
  change: ListingChange | null;
  terms: {
    sellerId: string;
    title: string;
    priceCents: number | null;
    postageCents: number | null;
    collection: boolean;
    county: string | null;
    thumbUrl: string | null;
  };
}

/** Who a reservation is for, when orders says (ADR 0056): refused before anything is held. */
export interface ReservationBuyer {
  id: string;
  delivery?: DeliveryOption;
}

const ORDER_EVENT = {
  reserve: 'listings.listing.reserved.v1',
  release: 'listings.listing.released.v1',
  sold: 'listings.listing.sold.v1',
} as const;

/**
 * The Listing aggregate (issue 29): pure rules, no I/O. Each transition returns a
 * `ListingChange` (the new listing and the events to append) or null when it changes nothing;
 * the repository stores both in the caller's transaction.
 *
 *   draft     owner: edit (no event) | publish → active | withdraw → removed (no event)
 *   active    owner: edit (updated) | withdraw → removed; admin: remove → removed, feature
 *             orders: reserve → reserved; identity: suspend → hidden
 *   reserved  orders: release → active (hidden while the seller is suspended) | sold → sold;
 *             paid (the page's wording)
 *   hidden    identity: reinstate → active; orders: release/sold of an order it no longer holds
 *   sold, removed: final (repeats of the command that got there change nothing).
 */
export class Listing {
  private constructor(private readonly p: Readonly<ListingProps>) {}

  static restore(props: ListingProps): Listing {
    return new Listing({ ...props });
  }

  /** A draft, or an active listing when published at once; drafts emit nothing. */
  static create(n: NewListing, now: Date): Listing {
    const problems = validateListing(n.input, { forPublish: n.publish });
    if (problems.length) throw listingProblemsError(problems);
    return new Listing({
      ...toFields(n.input),
      id: n.id,
      sellerId: n.sellerId,
      status: n.publish ? 'active' : 'draft',
      thumbUrl: null,
      imageCount: 0,
      favoriteCount: 0,
      featuredAt: null,
      removedBy: null,
      removalReason: null,
      reservedOrderId: null,
      reservationState: null,
      soldOrderId: null,
      publishedAt: n.publish ? now : null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
  }

  get props(): Readonly<ListingProps> {
    return this.p;
  }

  get id(): string {
    return this.p.id;
  }

  get status(): ListingStatus {
    return this.p.status;
  }

  /** The events a listing just made announces (`create`'s change). */
  created(photos: ListingPhotos | null): ListingChange {
    const listing = photos
      ? this.with({ thumbUrl: photos.thumbUrl, imageCount: photos.count })
      : this;
    const published = listing.p.status === 'active';
    return {
      listing,
      events: published ? [{ type: 'listings.listing.published.v1' }] : [],
      publicChange: published,
    };
  }

  /**
   * Whether `actor` may change this listing: its seller, or an admin where moderators may act.
   * Others are told 404 for a listing they cannot see, else 403.
   */
  access(actor: ListingActor, moderatorMay: boolean): 'allowed' | 'not_found' | 'not_owner' {
    if (actor.userId === this.p.sellerId) return 'allowed';
    if (!actor.admin && !isPubliclyVisible(this.p.status)) return 'not_found';
    return actor.admin && moderatorMay ? 'allowed' : 'not_owner';
  }

  /**
   * The owner's partial edit, checked before anything is written: the merged listing is
   * validated as a whole (fully unless it stays a draft). Returns the fields it would store.
   */
  checkEdit(input: ListingInput): ListingFields {
    if (!isEditable(this.p.status)) throw notEditable(this.p.status);
    const publishing = this.p.status === 'draft' && input.publish === true;
    const merged = mergeInput(toListingInput(this.fields(), this.p.imageCount), input);
    const problems = validateListing(merged, {
      forPublish: this.p.status !== 'draft' || publishing,
    });
    if (problems.length) throw listingProblemsError(problems);
    return toFields(merged);
  }

  /**
   * Stores an edit `checkEdit` accepted (and the photos, when they were sent). A draft with
   * `publish` becomes active (published); an active listing's visible change is `updated`;
   * a draft's edit emits nothing. Null when nothing changed.
   */
  edit(
    next: ListingFields,
    opts: { publish: boolean; photos: ListingPhotos | null },
    now: Date,
  ): ListingChange | null {
    if (!isEditable(this.p.status)) throw notEditable(this.p.status);
    const publishing = this.p.status === 'draft' && opts.publish;
    const changed = changedFields(this.fields(), next);
    if (opts.photos?.reordered) changed.push('images');
    const photos = opts.photos
      ? { thumbUrl: opts.photos.thumbUrl, imageCount: opts.photos.count }
      : {};
    // Photos are stored as attached even when their order did not change.
    const base = this.with({ ...next, ...photos });
    if (!changed.length && !publishing) return null;
    const listing = base.with({
      version: this.p.version + 1,
      updatedAt: now,
      ...(publishing ? { status: 'active' as const, publishedAt: now } : {}),
    });
    const events: ListingEvent[] = publishing
      ? [{ type: 'listings.listing.published.v1' }]
      : listing.p.status === 'active'
        ? [{ type: 'listings.listing.updated.v1', changed }]
        : [];
    return { listing, events, publicChange: listing.p.status !== 'draft' };
  }

  /**
   * The owner withdraws it, or a moderator removes it with a reason of 5–500 characters.
   * Removing a removed listing changes nothing; a draft goes without an event.
   */
  remove(actor: ListingActor, reason: string | undefined, now: Date): ListingChange | null {
    const byOwner = actor.userId === this.p.sellerId;
    const why = reason?.trim() ?? '';
    if (
      !byOwner &&
      (why.length < LISTING_LIMITS.removalReasonMin || why.length > LISTING_LIMITS.removalReasonMax)
    )
      throw reasonRequired();
    if (this.p.status === 'removed') return null;
    if (!isEditable(this.p.status)) throw notEditable(this.p.status);
    return this.removal(byOwner ? 'owner' : 'moderator', byOwner ? null : why, now);
  }

  /** An admin puts an active listing at the front of the featured row, or takes it off. */
  feature(featured: boolean, now: Date): ListingChange | null {
    if (featured && this.p.status !== 'active')
      throw notAvailable('Only active listings can be featured.');
    if (featured === (this.p.featuredAt !== null)) return null;
    const listing = this.with({
      featuredAt: featured ? now : null,
      version: this.p.version + 1,
      updatedAt: now,
    });
    return {
      listing,
      events:
        listing.p.status === 'active'
          ? [{ type: 'listings.listing.updated.v1', changed: ['featured'] }]
          : [],
      publicChange: true,
    };
  }

  /**
   * An order command (idempotent by order id): hold the listing for an order, let it go, or
   * mark it sold. A repeat changes nothing; a listing held or sold for another order refuses
   * (`LISTINGS.NOT_AVAILABLE`). Released while its seller is suspended (ADR 0035): hidden.
   * A reserve for a named buyer (ADR 0056) also refuses a listing that is not public
   * (`LISTINGS.NOT_FOUND`, as its page), the seller themself
   * (`LISTINGS.OWN_LISTING`), a listing without a price, and a delivery it does not offer
   * (`LISTINGS.DELIVERY_UNAVAILABLE`).
   */
  order(
    command: ReservationCommand,
    orderId: string,
    opts: { sellerSuspended: boolean; buyer?: ReservationBuyer },
    now: Date,
  ): ReservationChange {
    const terms = {
      sellerId: this.p.sellerId,
      title: this.p.title,
      priceCents: this.p.priceCents,
      postageCents: this.p.postageCents,
      collection: this.p.collection,
      county: this.p.county,
      thumbUrl: this.p.thumbUrl,
    };
    const buyer = command === 'reserve' ? opts.buyer : undefined;
    // A buyer never learns more of a listing than its page says: a draft, removed or hidden
    // one is not found, as it is there.
    if (buyer && !isPubliclyVisible(this.p.status)) throw listingNotFound();
    if (buyer && buyer.id === this.p.sellerId) throw ownListing();
    const outcome = decideReservation(
      command,
      {
        status: this.p.status,
        reservedOrderId: this.p.reservedOrderId,
        soldOrderId: this.p.soldOrderId,
      },
      orderId,
    );
    if (outcome.kind === 'conflict') throw notAvailable(outcome.message);
    if (buyer) {
      if (this.p.priceCents === null) throw notAvailable('This listing has no price to pay.');
      if (
        (buyer.delivery === 'post' && this.p.postageCents === null) ||
        (buyer.delivery === 'collection' && !this.p.collection)
      )
        throw deliveryUnavailable(buyer.delivery);
    }
    if (outcome.kind === 'noop') return { change: null, terms };
    const status = outcome.status === 'active' && opts.sellerSuspended ? 'hidden' : outcome.status;
    const patch: Partial<ListingProps> =
      command === 'reserve'
        ? { reservedOrderId: orderId, reservationState: 'checkout' }
        : command === 'release'
          ? { reservedOrderId: null, reservationState: null }
          : { soldOrderId: orderId };
    const listing = this.with({ ...patch, status, updatedAt: now });
    return {
      change: {
        listing,
        events: [{ type: ORDER_EVENT[command], orderId }],
        publicChange: true,
      },
      terms,
    };
  }

  /**
   * The order holding the reservation was paid: the page says so instead of a checkout in
   * progress. Null unless this order holds it and it was not known paid yet.
   */
  paid(orderId: string, now: Date): ListingChange | null {
    if (
      this.p.status !== 'reserved' ||
      this.p.reservedOrderId !== orderId ||
      this.p.reservationState === 'paid'
    )
      return null;
    // Reserved listings are never cached (only active ones), so nothing public to retire.
    return {
      listing: this.with({ reservationState: 'paid', updatedAt: now }),
      events: [],
      publicChange: false,
    };
  }

  /**
   * The seller was suspended (hide) or reinstated (show), ADR 0035: only active ↔ hidden moves;
   * reserved, sold and drafts stay, so paid orders continue.
   */
  suspension(hidden: boolean, now: Date): ListingChange | null {
    const [from, to] = hidden ? (['active', 'hidden'] as const) : (['hidden', 'active'] as const);
    if (this.p.status !== from) return null;
    const listing = this.with({ status: to, version: this.p.version + 1, updatedAt: now });
    return {
      listing,
      events: [{ type: 'listings.listing.updated.v1', changed: ['status'] }],
      publicChange: true,
    };
  }

  /**
   * The owner's account was deleted (ADR 0039): a listing still offered (draft, active,
   * hidden) is removed by its owner; reserved and sold ones stay with their orders.
   */
  ownerDeleted(now: Date): ListingChange | null {
    const s = this.p.status;
    if (s !== 'draft' && s !== 'active' && s !== 'hidden') return null;
    return this.removal('owner', null, now);
  }

  /** Removed: a draft quietly, a public listing with `listings.listing.removed.v1`. */
  private removal(by: 'owner' | 'moderator', reason: string | null, now: Date): ListingChange {
    const wasPublic = this.p.status !== 'draft';
    const listing = this.with({
      status: 'removed',
      removedBy: by,
      removalReason: reason,
      version: this.p.version + 1,
      updatedAt: now,
    });
    return {
      listing,
      events: wasPublic ? [{ type: 'listings.listing.removed.v1' }] : [],
      publicChange: wasPublic,
    };
  }

  private fields(): ListingFields {
    const p = this.p;
    return {
      title: p.title,
      description: p.description,
      category: p.category,
      condition: p.condition,
      priceCents: p.priceCents,
      county: p.county,
      postageCents: p.postageCents,
      collection: p.collection,
      fps: p.fps,
      bbWeightGrams: p.bbWeightGrams,
      joules: p.joules,
    };
  }

  private with(patch: Partial<ListingProps>): Listing {
    return new Listing({ ...this.p, ...patch });
  }
}
