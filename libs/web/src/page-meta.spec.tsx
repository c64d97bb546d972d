import { render } from '@testing-library/react';
import { pageTitle, usePageMeta } from './page-meta';

function Page({ title, description }: { title?: string; description: string }) {
  usePageMeta(title, description);
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
});
