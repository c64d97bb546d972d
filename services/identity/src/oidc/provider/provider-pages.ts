import { randomBytes } from 'node:crypto';
import type { OidcContext } from 'oidc-provider';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(ctx: OidcContext, title: string, body: string, nonce?: string): void {
  ctx.set(
    'content-security-policy',
    [
      "default-src 'none'",
      nonce ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
      "style-src 'unsafe-inline'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  );
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Loadout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1b1f1b}button,a{font:inherit}</style>
</head><body>${body}</body></html>`;
}

/**
 * RP-initiated logout (keycloak-js `logout()`): the provider's confirmation form, submitted at
 * once with `logout=yes`; a button remains for browsers without JavaScript.
 */
export function logoutSource(ctx: OidcContext, form: string): void {
  const nonce = randomBytes(16).toString('base64');
  page(
    ctx,
    'Signing out',
    `${form}
<input type="hidden" name="logout" value="yes" form="op.logoutForm">
<p>Signing you out…</p>
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script nonce="${nonce}">document.getElementById('op.logoutForm').submit();</script>`,
    nonce,
  );
}

export function postLogoutSuccessSource(publicUrl: string) {
  return (ctx: OidcContext): void =>
    page(
      ctx,
      'Signed out',
      `<h1>You are signed out</h1><p><a href="${escapeHtml(publicUrl)}/">Back to Loadout</a></p>`,
    );
}

/** Errors shown in the browser (bad redirect URI, expired request…): short, no internals. */
export function renderError(publicUrl: string) {
  return (ctx: OidcContext, out: { error?: string; error_description?: string }): void =>
    page(
      ctx,
      'Sign-in problem',
      `<h1>Something went wrong signing you in</h1>
<p>${escapeHtml(out.error_description ?? out.error ?? 'The request could not be completed.')}</p>
<p><a href="${escapeHtml(publicUrl)}/">Back to Loadout</a></p>`,
    );
}
