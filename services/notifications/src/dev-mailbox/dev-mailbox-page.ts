import { escapeHtml, linkifyText } from '../shared/html';
import { type MailboxMessageDto } from './dev-mailbox.dto';

export const MAILBOX_TITLE = 'Loadout dev mailbox';

const TIME_FORMAT = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const STYLE = `
  :root { color-scheme: dark; }
  body { margin: 0; background: #171a12; color: #eee8d8; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  a { color: #e2c68e; }
  a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #f5dc8f; outline-offset: 2px; }
  .skip { position: absolute; left: -999px; top: 0; }
  .skip:focus { left: 8px; background: #21261a; padding: 8px; }
  header, main { max-width: 60rem; margin: 0 auto; padding: 0 16px; }
  h1 { color: #f7f2e4; margin: 24px 0 8px; }
  .note { background: #3a2f14; color: #f0c062; border: 1px solid #6b5a2a; border-radius: 8px; padding: 12px 16px; }
  .note code { color: #f7f2e4; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 16px 0; }
  input { background: #12150e; color: #eee8d8; border: 1px solid #6b7656; border-radius: 4px; padding: 8px; min-width: 16rem; }
  button, .button { background: #d2b273; color: #1a1c12; border: 0; border-radius: 4px; padding: 8px 14px; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
  .secondary { background: #2b3222; color: #eee8d8; border: 1px solid #6b7656; }
  article { background: #21261a; border: 1px solid #46503a; border-radius: 8px; padding: 16px; margin: 0 0 16px; }
  article h2 { margin: 0 0 8px; font-size: 1.15rem; color: #f7f2e4; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; color: #bdb6a0; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #12150e; border-radius: 4px; padding: 12px; margin: 0; font: 0.95rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
`;

export interface MailboxPageInput {
  messages: readonly MailboxMessageDto[];
  /** The recipient filter, when one is applied. */
  to?: string;
  /** Seconds between automatic reloads; absent = off. */
  refresh?: number;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `mailbox?${s}` : 'mailbox';
};

function renderMessage(m: MailboxMessageDto, index: number): string {
  const headingId = `message-${index + 1}`;
  const time = new Date(m.createdAt);
  return `<article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Received</dt><dd><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(TIME_FORMAT.format(time))}</time></dd>
</dl>
<pre>${linkifyText(m.text)}</pre>
</article>`;
}

/**
 * The mailbox as a plain server-rendered page: no script (the service's CSP allows none),
 * auto-refresh through a meta refresh the reader switches on. Every value is escaped; only
 * http(s) URLs in the text become links.
 */
export function renderMailboxPage(input: MailboxPageInput): string {
  const { messages, to, refresh } = input;
  const count = `${messages.length} message${messages.length === 1 ? '' : 's'}`;
  const status = [
    `${count}${to ? ` to ${escapeHtml(to)}` : ''}, newest first.`,
    refresh ? `Auto-refresh is on: this page reloads every ${refresh} seconds.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const refreshControl = refresh
    ? `<a class="button secondary" href="${escapeHtml(query({ to }))}">Stop auto-refresh</a>`
    : `<button type="submit" name="refresh" value="5" class="secondary">Auto-refresh every 5 seconds</button>`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${refresh ? `<meta http-equiv="refresh" content="${refresh}">\n` : ''}<title>${MAILBOX_TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#messages">Skip to messages</a>
<header>
<h1>${MAILBOX_TITLE}</h1>
<p class="note" role="note"><strong>Development only.</strong> This mailbox exists only in development and embedded mode (<code>MAIL_TRANSPORT=devbox</code>): email is stored here instead of being sent, and nothing leaves this machine. Anyone who can reach this page can read it, so it is never enabled with real mail.</p>
</header>
<main>
<form method="get" action="mailbox" aria-label="Mailbox controls">
<label for="to">Recipient</label>
<input id="to" name="to" type="text" inputmode="email" autocomplete="off" value="${escapeHtml(to ?? '')}" placeholder="someone@example.com">
<button type="submit">Refresh</button>
${refreshControl}
</form>
<p role="status">${status}</p>
<section id="messages" aria-label="Messages">
${messages.length ? messages.map(renderMessage).join('\n') : '<p>No messages yet. Sign up on the site and the verification email appears here.</p>'}
</section>
</main>
</body>
</html>
`;
}
