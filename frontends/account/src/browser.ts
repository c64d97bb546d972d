/** Browser side effects of the sign-in flow, in one module so tests can replace them. */
export { SIGNED_IN_FLAG_KEY, markSignedIn } from '@loadout/web';

/** A full page navigation (to the OpenID Connect provider, not a router path). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
