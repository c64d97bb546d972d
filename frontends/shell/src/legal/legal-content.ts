/** Loadout's legal and information pages. Plain data so the router, footer and sitemap agree. */

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface LegalPageContent {
  path: string;
  /** Link text in the footer and sitemap. */
  linkText: string;
  title: string;
  description: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const LEGAL_UPDATED = '1 June 2025';

export const LEGAL_PAGES: readonly LegalPageContent[] = [
  {
    path: '/terms',
    linkText: 'Terms of Service',
    title: 'Terms of Service',
    description: 'The rules for buying, selling and using Loadout, the Irish airsoft marketplace.',
    intro:
      'These terms apply to everyone who uses Loadout (loadout.ie). By using the site you agree to them. Version 1.0.',
    sections: [
      {
        heading: 'Who can use Loadout',
        paragraphs: [
          'Loadout is for adults aged 18 or over. You must confirm your age before using the site, and sellers must not sell to anyone under 18.',
        ],
      },
      {
        heading: 'Loadout is a platform only',
        paragraphs: [
          'Loadout does not own, sell or warrant any item listed on the site. Each sale is a contract between the buyer and the seller. We run the marketplace, hold payments in escrow and help resolve disputes.',
        ],
      },
      {
        heading: 'What you may list',
        paragraphs: [
          'Under the Firearms Act 1925 an air gun with a muzzle energy above 1 joule is a firearm in Ireland. Replicas listed on Loadout must be at or below 1 joule: every replica listing states its measured velocity and BB weight, and listings above 1 joule are refused.',
          'You may not list real firearms, ammunition, anything illegal to own in Ireland, or items you do not own or are not entitled to sell.',
        ],
      },
      {
        heading: 'Buying with escrow',
        paragraphs: [
          'When you buy through checkout, your payment is held in escrow and released to the seller only when you confirm delivery, or automatically 14 days after the item is marked shipped if you have not opened a dispute. The buyer pays an escrow protection fee of 2.5% of the item price plus shipping. See the Escrow Terms for details.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Keep your sign-in details private and tell us if you think someone else is using your account. We may suspend accounts that break these terms, for example for fraud, unsafe or illegal listings, or harassment.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'If we change these terms we will ask you to accept the new version before you continue using Loadout.',
        ],
      },
    ],
  },
  {
    path: '/privacy',
    linkText: 'Privacy Policy',
    title: 'Privacy Policy',
    description: 'What personal data Loadout collects, why, and your rights under the GDPR.',
    intro:
      'Loadout processes personal data in line with the General Data Protection Regulation (GDPR) and the Irish Data Protection Act 2018. Version 1.0.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: ['We only collect what we need to run the marketplace:'],
        list: [
          'Account details: name, username, email address, county and profile information you choose to add.',
          'Listings, messages, offers, orders and reviews you create.',
          'Payment and payout records. Card details are handled by our card payment provider and never reach Loadout.',
          'Technical data such as request logs kept for security, for a limited time.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To provide the service you signed up for (contract), to keep the marketplace safe and prevent fraud (legitimate interest), and to meet legal obligations such as accounting and responding to lawful requests.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'The other party to a sale sees what they need to complete it (for example a delivery address). Our card payment provider processes payments. We do not sell your data.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can access, correct, download and delete your data. You can download your data and delete your account from your profile; deletion waits until none of your orders still holds money. You may also complain to the Data Protection Commission (dataprotection.ie).',
        ],
      },
      {
        heading: 'Storage on your device',
        paragraphs: [
          'Loadout uses your browser’s local storage for your age and terms acceptance and a few preferences. See the Cookie Policy.',
        ],
      },
    ],
  },
  {
    path: '/escrow-terms',
    linkText: 'Escrow Terms',
    title: 'Escrow Terms',
    description:
      'How Loadout holds your payment until you confirm delivery, and the 2.5% escrow fee.',
    intro:
      'Escrow protects both sides of a sale: the buyer’s money is held until the item arrives, and the seller knows the money is there before shipping.',
    sections: [
      {
        heading: 'How it works',
        paragraphs: [],
        list: [
          'The buyer pays at checkout: item price, shipping and a 2.5% escrow protection fee.',
          'Loadout holds the money. The seller must ship (with carrier and tracking, or hand over in person) within 7 days of payment, otherwise the order is cancelled and the buyer is refunded in full.',
          'The buyer confirms delivery and the money is released to the seller.',
          'If the buyer neither confirms nor opens a dispute, the money is released automatically 14 days after the item was marked shipped. We send reminders on day 7 and day 12.',
        ],
      },
      {
        heading: 'Cancellations and refunds',
        paragraphs: [
          'An order cancelled before it ships is refunded in full, including the escrow fee. Refunds after shipping follow the dispute process.',
        ],
      },
      {
        heading: 'Only payments through checkout are protected',
        paragraphs: [
          'Bank transfers, Revolut, PayPal friends-and-family or cash arranged outside Loadout are not covered by escrow. Never pay outside checkout.',
        ],
      },
    ],
  },
  {
    path: '/dispute-resolution',
    linkText: 'Dispute Resolution',
    title: 'Dispute Resolution',
    description: 'What to do when an order goes wrong, and how Loadout decides disputes.',
    intro:
      'If an item does not arrive, is not as described or is unsafe, open a dispute before the payment is released.',
    sections: [
      {
        heading: 'Opening a dispute',
        paragraphs: [
          'A buyer can open a dispute while the order is paid or shipped and the money has not been released. Opening a dispute pauses the automatic release.',
        ],
      },
      {
        heading: 'What happens next',
        paragraphs: [],
        list: [
          'The seller has 3 days to respond, for example by offering a refund or a return.',
          'If you cannot agree, Loadout reviews the messages, photos and tracking and decides: release to the seller, a full refund or a partial refund.',
          'Both sides receive the decision with the reasons for it.',
        ],
      },
      {
        heading: 'Your other rights',
        paragraphs: [
          'Our dispute process does not take away any rights you have in law. See Consumer Rights.',
        ],
      },
    ],
  },
  {
    path: '/consumer-rights',
    linkText: 'Consumer Rights',
    title: 'Consumer Rights',
    description: 'Your rights when buying from traders and private sellers on Loadout.',
    intro:
      'Loadout complies with Irish consumer law, including the Consumer Rights Act 2022. Which rights apply depends on who you buy from.',
    sections: [
      {
        heading: 'Buying from a trader',
        paragraphs: [
          'Sellers who sell as a business are marked as traders. When you buy from a trader you have full consumer rights: goods must be as described, fit for purpose and of acceptable quality, and for distance sales you generally have 14 days to cancel.',
        ],
      },
      {
        heading: 'Buying from a private seller',
        paragraphs: [
          'Most sellers on Loadout are private individuals. EU consumer rights against traders do not apply to a sale between private individuals, but the item must still be as described, and escrow and our dispute process still protect you.',
        ],
      },
      {
        heading: 'What Loadout is responsible for',
        paragraphs: [
          'Loadout is responsible for running the platform, holding escrow payments correctly and handling disputes fairly. We are not the seller of the items listed.',
        ],
      },
    ],
  },
  {
    path: '/accessibility',
    linkText: 'Accessibility',
    title: 'Accessibility Statement',
    description: 'How Loadout works to be usable by everyone, and how to report a barrier.',
    intro:
      'We want everyone to be able to use Loadout. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.',
    sections: [
      {
        heading: 'What we do',
        paragraphs: [],
        list: [
          'Every page can be used with a keyboard, with a visible focus indicator.',
          'Form fields have labels, and errors are announced and linked to their fields.',
          'Colours are chosen for strong contrast, and motion is reduced when your system asks for it.',
          'Pages work when zoomed to 200% and on small screens.',
        ],
      },
      {
        heading: 'Known issues',
        paragraphs: [
          'Loadout is in beta. Some parts of the site are still being built and may not yet meet every guideline.',
        ],
      },
      {
        heading: 'Tell us about a barrier',
        paragraphs: [
          'If something on Loadout is hard to use, please tell us the page and what happened through Report a Bug (the button is being added during the beta). We aim to reply within 5 working days.',
        ],
      },
    ],
  },
  {
    path: '/how-it-works',
    linkText: 'How It Works',
    title: 'How It Works',
    description: 'Buying and selling airsoft gear on Loadout in four steps, protected by escrow.',
    intro:
      'Loadout connects airsoft players across Ireland. Every purchase through checkout is protected by escrow.',
    sections: [
      {
        heading: '1. Browse and buy',
        paragraphs: [
          'Find gear in the marketplace, ask the seller questions in messages or make an offer, then pay at checkout.',
        ],
      },
      {
        heading: '2. Escrow protection',
        paragraphs: [
          'Your payment is held by Loadout, not sent to the seller, so your money is safe until the item arrives.',
        ],
      },
      {
        heading: '3. Safe delivery',
        paragraphs: [
          'The seller ships with tracking, or hands the item over in person, within 7 days.',
        ],
      },
      {
        heading: '4. Confirm and release',
        paragraphs: [
          'Check the item and confirm delivery. The money is then released to the seller. Something wrong? Open a dispute instead.',
        ],
      },
    ],
  },
  {
    path: '/cookies',
    linkText: 'Cookie Policy',
    title: 'Cookie Policy',
    description: 'Loadout uses no advertising or tracking cookies. Here is what we store and why.',
    intro: 'Loadout does not use advertising or cross-site tracking cookies.',
    sections: [
      {
        heading: 'What we store on your device',
        paragraphs: [],
        list: [
          'Your age and terms acceptance (local storage key loadout_acceptance), kept for up to 365 days so we do not ask on every visit.',
          'Sign-in session data, only while you are signed in.',
          'Small preferences such as dismissed prompts and which notifications you have already seen.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'All of this is strictly necessary for the site to work or remembers a choice you made. You can clear it at any time in your browser settings; you will then be asked to confirm your age again.',
        ],
      },
    ],
  },
  {
    path: '/trust-safety',
    linkText: 'Trust & Safety',
    title: 'Trust and Safety',
    description:
      'How Loadout keeps the Irish airsoft marketplace safe and legal, and how to report a problem.',
    intro: 'A safe marketplace depends on everyone. Here is what we do and what you can do.',
    sections: [
      {
        heading: 'The 1 joule rule',
        paragraphs: [
          'In Ireland an air gun above 1 joule of muzzle energy is a firearm under the Firearms Act 1925. Every replica on Loadout must declare its velocity and BB weight, and we refuse listings above 1 joule. Check a replica with the FPS Calculator.',
        ],
      },
      {
        heading: 'Stay on the platform',
        paragraphs: [
          'Only payments made through checkout are protected by escrow. Be wary of anyone who asks you to pay by bank transfer, Revolut or PayPal friends-and-family; we warn both sides when a message suggests it.',
        ],
      },
      {
        heading: 'Reporting',
        paragraphs: [
          'Every listing, profile and message can be reported. We confirm that we received your report, review it, and tell you and the other person what we decided and why, as the EU Digital Services Act requires.',
        ],
      },
      {
        heading: 'Playing safely',
        paragraphs: [
          'Wear full-seal eye protection, follow each field’s rules and limits, and carry replicas in a closed bag in public.',
        ],
      },
    ],
  },
];

export const SITEMAP_PATH = '/sitemap';

/** Paths where the age gate does not cover the page, so the terms it links to can be read. */
export const AGE_GATE_EXEMPT_PATHS: ReadonlySet<string> = new Set([
  ...LEGAL_PAGES.map((p) => p.path),
  SITEMAP_PATH,
]);

/** Footer order (seed §2): terms, privacy, escrow, disputes, consumer rights, accessibility,
 * sitemap, how it works, cookies, trust and safety. */
export const FOOTER_LINKS: ReadonlyArray<{ path: string; text: string }> = [
  '/terms',
  '/privacy',
  '/escrow-terms',
  '/dispute-resolution',
  '/consumer-rights',
  '/accessibility',
  SITEMAP_PATH,
  '/how-it-works',
  '/cookies',
  '/trust-safety',
].map((path) => ({
  path,
  text: path === SITEMAP_PATH ? 'Sitemap' : LEGAL_PAGES.find((p) => p.path === path)!.linkText,
}));
