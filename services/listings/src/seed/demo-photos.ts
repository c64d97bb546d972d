import sharp from 'sharp';
import { type ListingCategory } from '@loadout/contracts';
import { type DemoListing } from './demo-listings';

/** Size of a generated placeholder photo (4:3, like a phone picture). */
export const DEMO_PHOTO_SIZE = { width: 1200, height: 900 } as const;

/** Muted background per category; anything else is grey. */
const BACKGROUNDS: Partial<Record<ListingCategory, string>> = {
  pistols: '#6f7d72',
  aeg_rifles: '#5f6f7f',
  sniper_rifles: '#7a7458',
  optics: '#7d6b6b',
  tactical_gear: '#5e6d59',
};

/** Simple silhouettes drawn around the centre of the picture (x 200–1000, y 220–640). */
const PISTOL = `
  <rect x="360" y="300" width="480" height="80" rx="10"/>
  <rect x="840" y="318" width="40" height="30" rx="4"/>
  <path d="M440 370 L620 370 L600 600 L470 600 Z"/>
  <path d="M600 380 C600 460 700 470 710 380" fill="none" stroke-width="22"/>`;
const RIFLE = `
  <rect x="200" y="330" width="170" height="70" rx="16"/>
  <rect x="370" y="310" width="330" height="95" rx="8"/>
  <rect x="700" y="318" width="200" height="70" rx="6"/>
  <rect x="900" y="342" width="120" height="20" rx="4"/>
  <rect x="480" y="270" width="160" height="40" rx="6"/>
  <path d="M560 400 L640 400 L670 560 L600 575 Z"/>
  <path d="M420 400 L480 400 L470 500 L410 500 Z"/>`;
const SNIPER = `
  <path d="M190 360 L420 330 L440 420 L250 450 Z"/>
  <rect x="420" y="340" width="300" height="70" rx="8"/>
  <rect x="720" y="360" width="300" height="24" rx="6"/>
  <rect x="470" y="270" width="230" height="44" rx="20"/>
  <rect x="520" y="310" width="20" height="30"/>
  <rect x="630" y="310" width="20" height="30"/>
  <path d="M540 410 C540 470 620 470 620 410" fill="none" stroke-width="18"/>`;
const OPTIC = `
  <rect x="420" y="330" width="360" height="170" rx="30"/>
  <rect x="460" y="500" width="280" height="50" rx="6"/>
  <rect x="380" y="548" width="440" height="40" rx="6"/>
  <circle cx="600" cy="415" r="58" fill="#c9d1cc" opacity="0.55"/>
  <circle cx="600" cy="415" r="9" fill="#c0392b"/>`;
const CARRIER = `
  <path d="M420 220 L520 220 L560 300 L640 300 L680 220 L780 220 L800 620 L400 620 Z"/>
  <g fill="#c9d1cc" opacity="0.25">
    <rect x="440" y="470" width="90" height="130" rx="8"/>
    <rect x="555" y="470" width="90" height="130" rx="8"/>
    <rect x="670" y="470" width="90" height="130" rx="8"/>
  </g>`;
const GENERIC = `<rect x="420" y="280" width="360" height="300" rx="24"/>`;

const SILHOUETTES: Partial<Record<ListingCategory, string>> = {
  pistols: PISTOL,
  aeg_rifles: RIFLE,
  gas_rifles: RIFLE,
  support_weapons: RIFLE,
  sniper_rifles: SNIPER,
  optics: OPTIC,
  tactical_gear: CARRIER,
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * The SVG of a listing's placeholder photo `index` (0-based): a muted background per category,
 * a silhouette (mirrored and closer on the second photo), "Example photo" and the short name.
 */
export function demoPhotoSvg(listing: DemoListing, index: number): string {
  const { width, height } = DEMO_PHOTO_SIZE;
  const category = listing.category ?? 'other';
  const background = BACKGROUNDS[category] ?? '#6d6d6d';
  const shape = SILHOUETTES[category] ?? GENERIC;
  const view =
    index === 0
      ? ''
      : `transform="translate(${width / 2} 430) scale(-1.25 1.25) translate(${-width / 2} -430)"`;
  const caption = `Photo ${index + 1} of ${listing.photoCount}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${background}"/>
  <rect y="${height - 210}" width="${width}" height="210" fill="#000" opacity="0.18"/>
  <g ${view} fill="#2b302d" stroke="#2b302d" opacity="0.85">${shape}</g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#f4f4f0">
    <rect x="40" y="40" width="400" height="84" rx="12" fill="#000" opacity="0.35"/>
    <text x="240" y="97" font-size="46" font-weight="bold" text-anchor="middle">Example photo</text>
    <text x="${width / 2}" y="${height - 120}" font-size="56" font-weight="bold" text-anchor="middle">${escapeXml(listing.shortName)}</text>
    <text x="${width / 2}" y="${height - 60}" font-size="30" text-anchor="middle" opacity="0.85">Loadout demo listing · not a real item · ${caption}</text>
  </g>
</svg>`;
}

/** The placeholder photo as a PNG, the kind of file a seller would upload. */
export const renderDemoPhoto = (listing: DemoListing, index: number): Promise<Buffer> =>
  sharp(Buffer.from(demoPhotoSvg(listing, index)))
    .png()
    .toBuffer();
