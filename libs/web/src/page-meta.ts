import { useEffect } from 'react';
import { truncateDescription, truncateTitle } from './format';

export const SITE_NAME = 'Loadout';
export const SITE_TAGLINE = "Loadout — Ireland's airsoft marketplace";

/** "<title> | Loadout", capped at 60 characters; the home page passes no title. */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return truncateTitle(trimmed ? `${trimmed} | ${SITE_NAME}` : SITE_TAGLINE);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attribute, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** What a page adds to its share card (issue 12): a photo, and for listings the price. */
export interface PageMetaExtras {
  /** Absolute or site-relative URL of the page's main photo. */
  image?: string | null;
  /** Open Graph type: listings are products, the rest websites. */
  type?: 'website' | 'product';
  /** Price in euro cents (listings). */
  priceCents?: number;
}

function setCanonical(href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * Applies the page title and description (document title, meta description), the canonical
 * URL (this path without query or hash) and the Open Graph and Twitter card tags.
 */
export function applyPageMeta(
  title: string | undefined,
  description: string,
  extras: PageMetaExtras = {},
): void {
  const fullTitle = pageTitle(title);
  const desc = truncateDescription(description.trim());
  const canonical = `${window.location.origin}${window.location.pathname}`;
  const image = extras.image ? new URL(extras.image, window.location.origin).href : null;
  document.title = fullTitle;
  setCanonical(canonical);
  setMeta('name', 'description', desc);
  setMeta('property', 'og:site_name', SITE_NAME);
  setMeta('property', 'og:locale', 'en_IE');
  setMeta('property', 'og:type', extras.type ?? 'website');
  setMeta('property', 'og:url', canonical);
  setMeta('property', 'og:title', fullTitle);
  setMeta('property', 'og:description', desc);
  setMeta('property', 'og:image', image);
  const price = extras.priceCents;
  setMeta(
    'property',
    'product:price:amount',
    price === undefined ? null : (price / 100).toFixed(2),
  );
  setMeta('property', 'product:price:currency', price === undefined ? null : 'EUR');
  setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
  setMeta('name', 'twitter:title', fullTitle);
  setMeta('name', 'twitter:description', desc);
  setMeta('name', 'twitter:image', image);
}

/**
 * Sets the page title ("<title> | Loadout", ≤ 60 chars), description (≤ 160 chars), canonical
 * URL and share-card tags (photo and price when given).
 */
export function usePageMeta(
  title: string | undefined,
  description: string,
  extras: PageMetaExtras = {},
): void {
  const { image, type, priceCents } = extras;
  useEffect(() => {
    applyPageMeta(title, description, { image, type, priceCents });
  }, [title, description, image, type, priceCents]);
}
