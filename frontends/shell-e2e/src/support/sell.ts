import sharp from 'sharp';
import { type Page } from 'playwright-core';
import { baseUrl } from './journeys';

/**
 * A JPEG painted by sharp (the listings service's image library) for the sell form, which needs
 * one photo. `exif` adds camera tags the service must strip.
 */
export async function testPhoto(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 480,
      height: options.height ?? 360,
      channels: 3,
      background: { r: 70, g: 80, b: 50 },
    },
  }).jpeg();
  if (options.exif) image.withExif({ IFD0: { Make: 'E2E Camera', Model: 'Journey' } });
  return image.toBuffer();
}

export interface ListingDraft {
  title: string;
  description: string;
  /** A category value of the form's select (`pistols`, `optics`, `tactical_gear`…). */
  category: string;
  condition: string;
  /** Euro as typed into the form, e.g. '145.5'. */
  price: string;
  county: string;
  /** Postage in euro as typed (tracked post), or collection in person. */
  delivery: { postage: string } | 'collection';
  photo?: { name: string; buffer: Buffer };
  /** Steps between the details and the photo (the 1 J check while typing, say). */
  beforePhoto?: (page: Page) => Promise<void>;
}

/** Fills /sell (already open) with `draft`, uploads its photo and waits for the upload. */
export async function fillListingForm(page: Page, draft: ListingDraft): Promise<void> {
  await page.getByLabel('Title').fill(draft.title);
  await page.getByLabel('Description').fill(draft.description);
  await page.getByLabel('Category').selectOption(draft.category);
  await page.getByLabel('Condition').selectOption(draft.condition);
  await page.getByLabel('Price in euro').fill(draft.price);
  await page.getByLabel('County').selectOption(draft.county);
  if (draft.delivery === 'collection') {
    await page.getByLabel('Collection in person').check();
  } else {
    await page.getByLabel('Tracked post').check();
    await page.getByLabel('Postage price in euro').fill(draft.delivery.postage);
  }
  await draft.beforePhoto?.(page);
  const photo = draft.photo ?? { name: 'photo.jpg', buffer: await testPhoto() };
  await page.getByLabel('Add photos').setInputFiles({
    name: photo.name,
    mimeType: 'image/jpeg',
    buffer: photo.buffer,
  });
  await page.locator('li.sell-photo.is-success').waitFor();
}

/**
 * The signed-in seller publishes `draft` from /sell (opened here unless already open) and lands
 * on the new listing's page; returns its path.
 */
export async function publishListing(page: Page, draft: ListingDraft): Promise<string> {
  if (new URL(page.url()).pathname !== '/sell') await page.goto(`${baseUrl()}/sell`);
  await fillListingForm(page, draft);
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await page.waitForURL(/\/listing\/[A-Za-z0-9_-]{21}$/);
  await page.getByRole('heading', { name: draft.title }).waitFor();
  return new URL(page.url()).pathname;
}
