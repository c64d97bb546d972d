import sharp from 'sharp';
import { processImage } from '@loadout/images';
import { DEMO_LISTINGS } from './demo-listings';
import { demoPhotoSvg, renderDemoPhoto } from './demo-photos';

describe('demo listing placeholder photos', () => {
  it('labels every picture as an example with the listing short name', () => {
    for (const demo of DEMO_LISTINGS)
      for (let i = 0; i < demo.photoCount; i++) {
        const svg = demoPhotoSvg(demo, i);
        expect(svg).toContain('Example photo');
        expect(svg).toContain(demo.shortName);
        expect(svg).toContain(`Photo ${i + 1} of ${demo.photoCount}`);
      }
  });

  it('escapes the name', () => {
    const svg = demoPhotoSvg({ ...DEMO_LISTINGS[0]!, shortName: 'A & <B>' }, 0);
    expect(svg).toContain('A &amp; &lt;B&gt;');
  });

  it('renders 1200×900 PNGs that the upload pipeline accepts', async () => {
    const demo = DEMO_LISTINGS[0]!;
    const png = await renderDemoPhoto(demo, 1);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 900]);
    const processed = await processImage(png);
    expect([processed.large.width, processed.thumb.width]).toEqual([1200, 400]);
  });
});
