import { escapeHtml } from '../../shared/html';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Loadout</title>
<style>
body{margin:0;background:#f3f1ea;color:#1f2318;font:16px/1.5 Arial,Helvetica,sans-serif}
main{max-width:520px;margin:48px auto;background:#fff;border-radius:8px;padding:24px}
button{background:#d2b273;color:#1a1c12;border:0;border-radius:6px;padding:12px 20px;font-weight:bold;font-size:16px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #21261a;outline-offset:2px}
</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>
`;

/** GET: a confirmation form (a link scanner following the URL must not unsubscribe anyone). */
export function confirmUnsubscribePage(what: string, token: string): string {
  return page(
    `Unsubscribe from ${what}?`,
    `<p>You will no longer receive ${escapeHtml(what)} from Loadout. Order and security emails are always sent.</p>
<form method="post" action="?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>
<p><a href="/profile">Email settings on your profile</a></p>`,
  );
}

export function unsubscribedPage(what: string): string {
  return page(
    'You are unsubscribed',
    `<p>You will no longer receive ${escapeHtml(what)} from Loadout. You can turn them back on under <a href="/profile">Notification settings</a> on your profile.</p>`,
  );
}
