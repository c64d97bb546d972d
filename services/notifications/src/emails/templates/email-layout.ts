import { escapeHtml, htmlLink, safeHttpUrl } from '../../shared/html';

/** What a template decides; the layout adds branding, sign-off and footer. */
export interface EmailContent {
  subject: string;
  /** First line, e.g. "Hi Aoife,". */
  greeting: string;
  /** Paragraphs before the action. */
  intro: string[];
  /** The one link the email is about, shown as a button (and as a plain URL). */
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  outro?: string[];
  /**
   * Non-essential email only: the one-click unsubscribe page, shown in the footer and sent as
   * RFC 8058 `List-Unsubscribe` + `List-Unsubscribe-Post` headers.
   */
  unsubscribe?: { url: string; what: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export const BRAND = 'Loadout';
export const TAGLINE = "Ireland's airsoft marketplace";
export const PLATFORM_NOTICE =
  'Loadout is a platform only: it brings buyers and sellers together and is not a party to the sales between them.';
const SIGN_OFF = '— The Loadout team';

const colours = {
  page: '#f3f1ea',
  band: '#21261a',
  brand: '#d2b273',
  onBrand: '#1a1c12',
  text: '#1f2318',
  muted: '#5b5f52',
  card: '#ffffff',
};

/** Plain text and HTML of one email; every value from the content is escaped in the HTML. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const outro = content.outro ?? [];
  const action = content.action;

  const text = [
    content.greeting,
    ...content.intro,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...outro,
    SIGN_OFF,
    `--\n${BRAND} · ${TAGLINE}\n${PLATFORM_NOTICE}`,
    ...(content.unsubscribe
      ? [`Unsubscribe from ${content.unsubscribe.what}: ${content.unsubscribe.url}`]
      : []),
  ].join('\n\n');
  const unsubscribeHtml = content.unsubscribe
    ? `<br>Don't want ${escapeHtml(content.unsubscribe.what)}? ${htmlLink(content.unsubscribe.url, 'Unsubscribe')}`
    : '';

  const p = (body: string, style = '') =>
    `<p style="margin:0 0 16px;line-height:1.5;${style}">${body}</p>`;
  const actionHtml =
    action && safeHttpUrl(action.url)
      ? p(
          `<a href="${escapeHtml(safeHttpUrl(action.url)!)}" rel="noopener noreferrer" style="display:inline-block;background:${colours.brand};color:${colours.onBrand};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(action.label)}</a>`,
        ) +
        p(
          `If the button does not work, copy this link into your browser:<br>${htmlLink(action.url)}`,
          `font-size:13px;color:${colours.muted};word-break:break-all;`,
        )
      : action
        ? p(`${escapeHtml(action.label)}: ${escapeHtml(action.url)}`)
        : '';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colours.page};color:${colours.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;">
<div style="background:${colours.band};border-radius:8px 8px 0 0;padding:16px 24px;">
<div style="color:${colours.brand};font-size:22px;font-weight:bold;letter-spacing:0.5px;">${BRAND}</div>
<div style="color:#eee8d8;font-size:13px;">${escapeHtml(TAGLINE)}</div>
</div>
<div style="background:${colours.card};border-radius:0 0 8px 8px;padding:24px;">
${[
  p(escapeHtml(content.greeting)),
  ...content.intro.map((t) => p(escapeHtml(t))),
  actionHtml,
  ...outro.map((t) => p(escapeHtml(t))),
  p(escapeHtml(SIGN_OFF), 'margin:0;'),
]
  .filter(Boolean)
  .join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:${colours.muted};">${BRAND} · ${escapeHtml(TAGLINE)}<br>${escapeHtml(PLATFORM_NOTICE)}${unsubscribeHtml}</p>
</div>
</body>
</html>
`;
  const headers = content.unsubscribe
    ? {
        'List-Unsubscribe': `<${content.unsubscribe.url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { subject: content.subject, text, html, ...(headers ? { headers } : {}) };
}

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** "25 November 2026 at 14:30 (Irish time)"; tokens expire in identity's clock, shown in Irish time. */
export function formatExpiry(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : `${EXPIRY_FORMAT.format(date)} (Irish time)`;
}
