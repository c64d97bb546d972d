const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The URL when it is an absolute http(s) URL, otherwise null (no `javascript:`, `data:` …). */
export function safeHttpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An escaped link, or the escaped text alone when the URL is not http(s). */
export function htmlLink(url: string, label: string = url): string {
  const href = safeHttpUrl(url);
  return href
    ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(label)}</a>`
    : escapeHtml(label);
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/g;
// Trailing punctuation usually ends the sentence, not the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Escapes plain text and turns the http(s) URLs in it into links. */
export function linkifyText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(text.slice(last, match.index)) + htmlLink(url);
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}
