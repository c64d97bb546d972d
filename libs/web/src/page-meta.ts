import { useEffect } from 'react';
import { truncateDescription, truncateTitle } from './format';

export const SITE_NAME = 'Loadout';
export const SITE_TAGLINE = "Loadout — Ireland's airsoft marketplace";

/** "<title> | Loadout", capped at 60 characters; the home page passes no title. */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return truncateTitle(trimmed ? `${trimmed} | ${SITE_NAME}` : SITE_TAGLINE);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attribute, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Applies the page title and description (document title, meta description, Open Graph). */
export function applyPageMeta(title: string | undefined, description: string): void {
  const fullTitle = pageTitle(title);
  const desc = truncateDescription(description.trim());
  document.title = fullTitle;
  setMeta('name', 'description', desc);
  setMeta('property', 'og:title', fullTitle);
  setMeta('property', 'og:description', desc);
}

/** Sets the page title ("<title> | Loadout", ≤ 60 chars) and description (≤ 160 chars). */
export function usePageMeta(title: string | undefined, description: string): void {
  useEffect(() => {
    applyPageMeta(title, description);
  }, [title, description]);
}
