import { render } from '@testing-library/react';
import { type PageMetaExtras, pageTitle, usePageMeta } from './page-meta';

function Page({
  title,
  description,
  extras,
}: {
  title?: string;
  description: string;
  extras?: PageMetaExtras;
}) {
  usePageMeta(title, description, extras);
  return null;
}

const metaContent = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.content;

describe('pageTitle', () => {
  it('suffixes the site name', () => {
    expect(pageTitle('Field List')).toBe('Field List | Loadout');
  });

  it('uses the tagline without a title', () => {
    expect(pageTitle()).toBe("Loadout — Ireland's airsoft marketplace");
  });

  it('caps the whole title at 60 characters', () => {
    const result = pageTitle('A very long listing title that goes on and on about a rifle');
    expect(result).toHaveLength(60);
    expect(result.endsWith('...')).toBe(true);
  });
});

describe('usePageMeta', () => {
  it('sets the document title, description and Open Graph tags', () => {
    render(<Page title="FPS Calculator" description="Convert fps to joules." />);
    expect(document.title).toBe('FPS Calculator | Loadout');
    expect(metaContent('meta[name="description"]')).toBe('Convert fps to joules.');
    expect(metaContent('meta[property="og:title"]')).toBe('FPS Calculator | Loadout');
    expect(metaContent('meta[property="og:description"]')).toBe('Convert fps to joules.');
  });

  it('updates the existing tags and caps the description at 160 characters', () => {
    const { rerender } = render(<Page title="One" description="First" />);
    rerender(<Page title="Two" description={'z'.repeat(300)} />);
    expect(document.title).toBe('Two | Loadout');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(metaContent('meta[name="description"]')).toHaveLength(160);
  });

  it('sets the canonical URL and the share card, with the photo and price of a listing', () => {
    window.history.pushState({}, '', '/listing/l-1?from=search#photos');
    const { rerender } = render(
      <Page
        title="Tokyo Marui Hi-Capa"
        description="€145.00 · Good"
        extras={{ image: '/api/v1/images/l-1/800.webp', type: 'product', priceCents: 14500 }}
      />,
    );
    const origin = window.location.origin;
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${origin}/listing/l-1`,
    );
    expect(metaContent('meta[property="og:url"]')).toBe(`${origin}/listing/l-1`);
    expect(metaContent('meta[property="og:type"]')).toBe('product');
    expect(metaContent('meta[property="og:image"]')).toBe(`${origin}/api/v1/images/l-1/800.webp`);
    expect(metaContent('meta[property="product:price:amount"]')).toBe('145.00');
    expect(metaContent('meta[property="product:price:currency"]')).toBe('EUR');
    expect(metaContent('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(metaContent('meta[name="twitter:image"]')).toBe(`${origin}/api/v1/images/l-1/800.webp`);

    window.history.pushState({}, '', '/fields');
    rerender(<Page title="Field List" description="Fields" />);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${origin}/fields`,
    );
    expect(metaContent('meta[property="og:type"]')).toBe('website');
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.head.querySelector('meta[property="product:price:amount"]')).toBeNull();
    expect(metaContent('meta[name="twitter:card"]')).toBe('summary');
  });
});
